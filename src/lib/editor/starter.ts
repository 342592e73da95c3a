/** The first-open invitation's "Apply a pod": the smallest pod worth watching start. */
export const HELLO_POD_MANIFEST = `apiVersion: v1
kind: Pod
metadata:
  name: hello
spec:
  containers:
    - name: hello
      image: nginx:1.27
`;
