// The monaco-yaml language worker, imported through a local file so Vite can bundle it as
// `?worker` in dev and build alike (importing the package path with ?worker fails in dev).
import 'monaco-yaml/yaml.worker.js';
