// <kubarium-playground>: a kubarium cluster in any page with one script tag.
//
//   <script type="module" src="https://YOUR-KUBARIUM/embed.js"></script>
//   <kubarium-playground state="#s=..." lesson="probes" console autoplay height="auto"></kubarium-playground>
//
// It makes a sandboxed iframe of /embed (allow-scripts only), lets that frame talk to this page
// only (?origin= this page's origin), and follows its height (`kubarium:resize`) unless `height`
// is a number of pixels. Methods: play(), pause(), seek(t), run(command) -> Promise<{output, exitCode}>.
const base = new URL('.', import.meta.url);

class KubariumPlayground extends HTMLElement {
  static observedAttributes = ['state', 'lesson', 'console', 'autoplay', 'height', 'seed', 'workers'];
  #frame;
  #pending = new Map();
  #next = 1;
  #onMessage = (e) => {
    if (!this.#frame || e.source !== this.#frame.contentWindow || typeof e.data !== 'object' || e.data === null) return;
    const m = e.data;
    if (m.type === 'kubarium:resize' && this.#autoHeight()) this.#frame.style.height = `${Math.max(120, Number(m.height) || 0)}px`;
    if ((m.type === 'kubarium:result' || m.type === 'kubarium:error') && this.#pending.has(m.id)) {
      const { resolve, reject } = this.#pending.get(m.id);
      this.#pending.delete(m.id);
      if (m.type === 'kubarium:result') resolve({ output: m.output, exitCode: m.exitCode });
      else reject(new Error(m.message));
    }
    this.dispatchEvent(new CustomEvent(m.type.replace(/^kubarium:/, ''), { detail: m }));
  };

  #autoHeight() {
    const h = this.getAttribute('height');
    return h === null || h === 'auto';
  }

  #src() {
    const url = new URL('embed', base);
    for (const name of ['lesson', 'seed', 'workers']) {
      const v = this.getAttribute(name);
      if (v !== null) url.searchParams.set(name, v);
    }
    if (this.hasAttribute('console')) url.searchParams.set('console', '1');
    if (this.hasAttribute('autoplay')) url.searchParams.set('autoplay', '1');
    url.searchParams.set('origin', location.origin);
    const state = this.getAttribute('state');
    if (state) url.hash = state.startsWith('#') ? state.slice(1) : state.startsWith('s=') ? state : `s=${state}`;
    return url.href;
  }

  connectedCallback() {
    addEventListener('message', this.#onMessage);
    this.#render();
  }

  disconnectedCallback() {
    removeEventListener('message', this.#onMessage);
  }

  attributeChangedCallback() {
    if (this.isConnected) this.#render();
  }

  #render() {
    if (!this.#frame) {
      this.#frame = document.createElement('iframe');
      this.#frame.setAttribute('sandbox', 'allow-scripts');
      this.#frame.setAttribute('title', 'kubarium: a Kubernetes cluster in the browser');
      this.#frame.setAttribute('loading', 'lazy');
      this.#frame.style.cssText = 'width:100%;border:0;display:block';
      this.append(this.#frame);
    }
    this.#frame.style.height = this.#autoHeight() ? '480px' : `${Number(this.getAttribute('height')) || 480}px`;
    const src = this.#src();
    if (this.#frame.src !== src) this.#frame.src = src;
  }

  #post(message) {
    // The frame is sandboxed (an opaque origin): '*' is the only target that reaches it; it
    // answers only this page's origin (?origin=).
    this.#frame?.contentWindow?.postMessage(message, '*');
  }

  play() {
    this.#post({ type: 'kubarium:play' });
  }

  pause() {
    this.#post({ type: 'kubarium:pause' });
  }

  seek(t) {
    this.#post({ type: 'kubarium:seek', t });
  }

  run(command) {
    const id = `el-${this.#next++}`;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#post({ type: 'kubarium:run', id, command });
    });
  }
}

if (!customElements.get('kubarium-playground')) customElements.define('kubarium-playground', KubariumPlayground);
