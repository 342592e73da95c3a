/**
 * A container's root filesystem: the image's files (one read-only map per image, built once and
 * shared by every container of that image on every node), copy-on-write under the container's own
 * writes, plus the files the runtime and kubelet put in every container: /etc/hostname,
 * /etc/hosts (the kubelet's managed hosts file) and /etc/resolv.conf (the pod's DNS config).
 * upstream: pkg/kubelet/kubelet_pods.go (managedHostsHeader, nodeHostsFileContent /
 * managedHostsFileContent), containerd internal/cri/server/sandbox_run.go (setupSandboxFiles:
 * hostname, resolv.conf), pkg/kubelet/network/dns/dns.go (GetPodDNS: ClusterFirst search list,
 * ndots:5); the real images' files (nginx's /usr/share/nginx/html/index.html).
 */

import type { Image, LayerName } from '../images/catalog';
import { NGINX_WELCOME, HTTPD_INDEX } from '../programs/pages';
import { binaryFiles } from '../programs/sh/applets/binaries';
import { MapFS, VersionedMap, type ChangeCount } from './map-fs';

/** The standard Linux directories every image has. */
const COMMON_DIRS = ['/bin/', '/dev/', '/etc/', '/home/', '/proc/', '/root/', '/sys/', '/tmp/', '/usr/', '/usr/bin/', '/usr/sbin/', '/var/', '/var/run/', '/var/log/', '/sbin/'];

/** busybox's own /etc/passwd and /etc/group (root is in wheel: `id` prints groups=0(root),10(wheel)). */
export const BUSYBOX_USERS: Record<string, string> = {
  '/etc/passwd':
    'root:x:0:0:root:/root:/bin/sh\ndaemon:x:1:1:daemon:/usr/sbin:/bin/false\nbin:x:2:2:bin:/bin:/bin/false\nsys:x:3:3:sys:/dev:/bin/false\nsync:x:4:100:sync:/bin:/bin/sync\nmail:x:8:8:mail:/var/spool/mail:/bin/false\nwww-data:x:33:33:www-data:/var/www:/bin/false\noperator:x:37:37:Operator:/var:/bin/false\nnobody:x:65534:65534:nobody:/home:/bin/false\n',
  '/etc/group':
    'root:x:0:\ndaemon:x:1:\nbin:x:2:\nsys:x:3:\nadm:x:4:\ntty:x:5:\ndisk:x:6:\nlp:x:7:\nmail:x:8:\nkmem:x:9:\nwheel:x:10:root\ncdrom:x:11:\ndialout:x:18:\nfloppy:x:19:\nvideo:x:28:\naudio:x:29:\ntape:x:32:\nwww-data:x:33:\noperator:x:37:\nutmp:x:43:\nplugdev:x:46:\nstaff:x:50:\nlock:x:54:\nnetdev:x:82:\nusers:x:100:\nnobody:x:65534:\n'
};

/** Extra files by image program (busybox and alpine are `sh`). */
const PROGRAM_FILES: Record<string, Record<string, string>> = {
  sh: BUSYBOX_USERS,
  nginx: {
    '/etc/passwd': 'root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\nnginx:x:101:101:nginx user:/nonexistent:/bin/false\n',
    '/etc/group': 'root:x:0:\nnogroup:x:65534:\nnginx:x:101:\n',
    '/usr/share/nginx/html/index.html': NGINX_WELCOME,
    '/usr/share/nginx/html/50x.html': '<!DOCTYPE html>\n<html>\n<head>\n<title>Error</title>\n</head>\n<body>\n<h1>An error occurred.</h1>\n</body>\n</html>\n',
    '/etc/nginx/conf.d/default.conf': 'server {\n    listen       80;\n    listen  [::]:80;\n    server_name  localhost;\n\n    location / {\n        root   /usr/share/nginx/html;\n        index  index.html index.htm;\n    }\n}\n',
    '/docker-entrypoint.d/': ''
  },
  httpd: { '/usr/local/apache2/htdocs/index.html': HTTPD_INDEX, '/usr/local/apache2/conf/httpd.conf': 'Listen 80\n' },
  redis: { '/data/': '' },
  postgres: { '/var/lib/postgresql/data/': '' }
};

/**
 * Binaries a layer installs besides busybox's applets (applets/binaries.ts), as the images'
 * Dockerfiles do. curl: nginx's Debian images (`apt-get install ... gettext-base curl` since
 * 1.18: docker-library/official-images#7868's diff from 1.16.1, whose Dockerfile, like
 * 1.14.2's, installed only gettext-base) and its Alpine image
 * (`apk add --no-cache curl ca-certificates`); agnhost (`apk --update add bind-tools curl
 * netcat-openbsd ...`: "curl, nc: used by a lot of e2e tests"); buildpack-deps (perl's base
 * installs curl and wget). busybox, alpine, httpd, redis, postgres, nginx-slim, the distroless
 * control plane and the others have none: `sh: curl: not found` there.
 */
export const LAYER_FILES: Partial<Record<LayerName, Record<string, string>>> = {
  'nginx-1.25': binaryFiles('curl'),
  'nginx-1.27': binaryFiles('curl'),
  'nginx-1.27-alpine': binaryFiles('curl'),
  'agnhost-base': binaryFiles('curl'),
  'buildpack-deps-bullseye': binaryFiles('curl')
};

/** Whether the image's layers put a file at this path (`kubectl exec POD -- curl` needs /usr/bin/curl). */
export function layersHave(image: { layers: readonly { name: string }[] }, path: string): boolean {
  return image.layers.some((l) => LAYER_FILES[l.name as LayerName]?.[path] !== undefined);
}

const debian = (version: string, codename: string) =>
  `PRETTY_NAME="Debian GNU/Linux ${version} (${codename})"\nNAME="Debian GNU/Linux"\nVERSION_ID="${version}"\nVERSION="${version} (${codename})"\nVERSION_CODENAME=${codename}\nID=debian\nHOME_URL="https://www.debian.org/"\nSUPPORT_URL="https://www.debian.org/support"\nBUG_REPORT_URL="https://bugs.debian.org/"\n`;
const alpine = (version: string) =>
  `NAME="Alpine Linux"\nID=alpine\nVERSION_ID=${version}\nPRETTY_NAME="Alpine Linux v${version.split('.').slice(0, 2).join('.')}"\nHOME_URL="https://alpinelinux.org/"\nBUG_REPORT_URL="https://gitlab.alpinelinux.org/alpine/aports/-/issues"\n`;

/**
 * /etc/os-release by the image's base layer (`cat /etc/os-release` in an nginx pod says Debian 12;
 * busybox has none, as the real image).
 */
const OS_RELEASE: Partial<Record<string, string>> = {
  'debian-bookworm-slim': debian('12', 'bookworm'),
  'debian-buster-slim': debian('10', 'buster'),
  'debian-stretch-slim': debian('9', 'stretch'),
  'alpine-3.19': alpine('3.19.4'),
  'alpine-3.20': alpine('3.20.3')
};

const bases = new Map<string, ReadonlyMap<string, string>>();

/** The image's own files, shared read-only. */
export function imageBase(image: Pick<Image, 'id' | 'program' | 'config'> & { layers?: readonly { name: string }[] }): ReadonlyMap<string, string> {
  let base = bases.get(image.id);
  if (!base) {
    const m = new Map<string, string>(COMMON_DIRS.map((d) => [d, '']));
    const osRelease = OS_RELEASE[image.layers?.[0]?.name ?? ''];
    if (osRelease) m.set('/etc/os-release', osRelease);
    for (const [k, v] of Object.entries(PROGRAM_FILES[image.program] ?? {})) m.set(k, v);
    for (const l of image.layers ?? []) for (const [k, v] of Object.entries(LAYER_FILES[l.name as LayerName] ?? {})) m.set(k, v);
    if (image.config.workingDir) m.set(image.config.workingDir.replace(/\/*$/, '/'), '');
    bases.set(image.id, (base = m));
  }
  return base;
}

export interface PodFiles {
  hostname: string;
  /** The pod's IP ('' for none yet). */
  ip: string;
  namespace: string;
  /** spec.subdomain: adds the FQDN to /etc/hosts. */
  subdomain?: string;
  clusterDomain?: string;
  /** The cluster DNS Service's IP (kubelet clusterDNS). */
  nameserver?: string;
  /** hostNetwork pods keep the node's resolv.conf. */
  hostNetwork?: boolean;
  /** The CRI DNSConfig the kubelet computed, when it gave one. */
  dns?: { servers: string[]; searches: string[]; options: string[] };
}

export const CLUSTER_DNS_IP = '10.96.0.10';

/** The node's own resolver (dnsPolicy Default, hostNetwork pods): a kind node's /etc/resolv.conf on its docker network. */
export const NODE_DNS_CONFIG = { servers: ['172.18.0.1'], searches: [] as string[], options: ['ndots:0'] };
export const CLUSTER_DOMAIN = 'cluster.local';

/** upstream: kubelet_pods.go managedHostsFileContent. */
export function hostsFile(p: PodFiles): string {
  let out = '# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n';
  if (p.ip) {
    out += p.subdomain ? `${p.ip}\t${p.hostname}.${p.subdomain}.${p.namespace}.svc.${p.clusterDomain ?? CLUSTER_DOMAIN}\t${p.hostname}\n` : `${p.ip}\t${p.hostname}\n`;
  }
  return out;
}

/** The ClusterFirst search list. upstream: pkg/kubelet/network/dns/dns.go generateSearchesForDNSClusterFirst. */
export function searchList(namespace: string, clusterDomain = CLUSTER_DOMAIN): string[] {
  return [`${namespace}.svc.${clusterDomain}`, `svc.${clusterDomain}`, clusterDomain];
}

export function resolvConf(p: PodFiles): string {
  if (p.dns) {
    const d = p.dns;
    return (d.searches.length ? `search ${d.searches.join(' ')}\n` : '') + d.servers.map((s) => `nameserver ${s}\n`).join('') + (d.options.length ? `options ${d.options.join(' ')}\n` : '');
  }
  if (p.hostNetwork) return resolvConf({ ...p, hostNetwork: false, dns: NODE_DNS_CONFIG });
  return `search ${searchList(p.namespace, p.clusterDomain).join(' ')}\nnameserver ${p.nameserver ?? CLUSTER_DNS_IP}\noptions ndots:5\n`;
}

/** A fresh container rootfs over the image's files. */
export function containerRootfs(image: Pick<Image, 'id' | 'program' | 'config'> & { layers?: readonly { name: string }[] }, pod: PodFiles, now: () => number, changes?: ChangeCount): MapFS {
  const own = new VersionedMap<string, string>([
    ['/etc/hostname', pod.hostname + '\n'],
    ['/etc/hosts', hostsFile(pod)],
    ['/etc/resolv.conf', resolvConf(pod)]
  ]);
  own.changes = changes;
  return new MapFS(own, now, imageBase(image));
}
