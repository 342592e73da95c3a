/**
 * The few hosts outside the cluster that documentation examples reach, with what they answer:
 * `info.cern.ch` (the docs' init-container example fetches it with wget). Any other outside name
 * does not resolve (the simulated cluster has no real internet).
 * upstream: none (the pages as those sites serve them).
 */

import type { HttpResponse } from '../programs/process';

interface ExternalHost {
  ip: string;
  pages: Record<string, string>;
}

export const INTERNET: Record<string, ExternalHost> = {
  'info.cern.ch': {
    ip: '188.184.67.127',
    pages: {
      '/': `<html><head></head><body><header>
<title>http://info.cern.ch</title>
</header>

<h1>http://info.cern.ch - home of the first website</h1>
<p>From here you can:</p>
<ul>
<li><a href="http://info.cern.ch/hypertext/WWW/TheProject.html">Browse the first website</a></li>
<li><a href="http://line-mode.cern.ch/www/hypertext/WWW/TheProject.html">Browse the first website using the line-mode browser simulator</a></li>
<li><a href="http://home.web.cern.ch/topics/birth-web">Learn about the birth of the web</a></li>
<li><a href="http://home.web.cern.ch/about">Learn about CERN, the physics laboratory where the web was born</a></li>
</ul>
</body></html>
`
    }
  }
};

export function externalLookup(name: string): string | undefined {
  return INTERNET[name.replace(/\.$/, '').toLowerCase()]?.ip;
}

/** An HTTP GET to an outside address (port 80), or undefined when the address is not one of them. */
export function externalHttp(ip: string, port: number, path: string): HttpResponse | undefined {
  const host = Object.values(INTERNET).find((h) => h.ip === ip);
  if (!host) return undefined;
  if (port !== 80) return { error: 'Connection refused' };
  const page = host.pages[path.split('?')[0] || '/'];
  return page !== undefined ? { status: 200, statusText: 'OK', body: page } : { status: 404, statusText: 'Not Found', body: '' };
}
