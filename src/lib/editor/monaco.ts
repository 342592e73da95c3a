/**
 * Monaco with YAML support, loaded on demand (this module is only ever imported dynamically).
 *
 * Slim entries only: the editor core, the handful of features a manifest editor needs, the YAML
 * tokenizer and monaco-yaml. The full `monaco-editor` entry would bundle the TS/JSON/CSS/HTML
 * language workers (megabytes) into the build and the offline cache.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/codeEditor/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/codeAction/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/suggest/register';
// features/suggest only brings inline completions: the suggest widget itself (completion lists,
// snippets) is the SuggestController, which only the full editor.main imports.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/languages/definitions/yaml/register';
import { configureMonacoYaml } from 'monaco-yaml';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import YamlWorker from './yaml.worker?worker';
import type { FieldMarker } from './markers';
import { manifestSchema } from './schema';
import { snippetsFor } from './snippets';

export type Theme = 'light' | 'dark';

function newWorker(label: string): Worker {
  return label === 'yaml' ? new YamlWorker() : new EditorWorker();
}

globalThis.MonacoEnvironment = { getWorker: (_workerId: string, label: string) => newWorker(label) };

/**
 * monaco-yaml's worker manager calls `editor.createWebWorker({ label, createData })`, the pre-0.53
 * signature. Since 0.53 Monaco wants the worker itself and, without it, quietly runs the code on the
 * main thread with no YAML service (no validation, no hover). Give monaco-yaml a `monaco` whose
 * createWebWorker starts the real worker and does the handshake Monaco's own language workers do:
 * post 'ignore' to wake it, then the create data. (upstream: monaco-yaml issue #272, PR #282)
 */
function createLanguageWorker(opts: { label?: string; createData?: unknown; host?: Record<string, Function>; keepIdleModels?: boolean }) {
  const worker = newWorker(opts.label ?? 'editorWorkerService');
  worker.postMessage('ignore');
  worker.postMessage(opts.createData);
  return monaco.editor.createWebWorker({ worker, host: opts.host, keepIdleModels: opts.keepIdleModels });
}

let yamlConfigured = false;
function configureYaml() {
  if (yamlConfigured) return;
  yamlConfigured = true;
  const patched = { ...monaco, editor: { ...monaco.editor, createWebWorker: createLanguageWorker } } as unknown as typeof monaco;
  configureMonacoYaml(patched, {
    isKubernetes: true,
    enableSchemaRequest: false,
    format: { enable: true },
    validate: true,
    hover: true,
    completion: true,
    // Every document of every model: apiVersion + kind pick the type inside the schema.
    schemas: [{ uri: 'kubarium://schemas/manifest.json', fileMatch: ['*'], schema: manifestSchema() as never }]
  });
  registerSnippets();
}

/** Snippets as completion items: objects at the start of a line, object parts when indented. */
function registerSnippets() {
  monaco.languages.registerCompletionItemProvider('yaml', {
    provideCompletionItems(model, position) {
      const before = model.getValueInRange({ startLineNumber: position.lineNumber, startColumn: 1, endLineNumber: position.lineNumber, endColumn: position.column });
      const word = model.getWordUntilPosition(position);
      // Only on a line that holds nothing but the word being typed: a snippet brings its own keys.
      if (before.trim() !== word.word) return { suggestions: [] };
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
      return {
        suggestions: snippetsFor(before).map((s) => ({
          label: { label: s.label, description: 'snippet' },
          kind: monaco.languages.CompletionItemKind.Snippet,
          detail: s.detail,
          documentation: s.body.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$0/g, ''),
          insertText: s.body,
          insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
          sortText: `~${s.label}`,
          range
        }))
      };
    }
  });
}

/** Monaco's own themes, on the page's surface colours so the editor sits flush in the panel. */
function defineThemes() {
  // Monaco takes only #rrggbb(aa); CSS may hold #fff or rgb(): let a canvas normalise it.
  const canvas = document.createElement('canvas').getContext('2d')!;
  const hex = (colour: string) => {
    canvas.fillStyle = '#000000';
    canvas.fillStyle = colour;
    return canvas.fillStyle;
  };
  const colours = (theme: Theme) => {
    // A probe element carrying the theme resolves that theme's CSS tokens (see app.css).
    const probe = document.body.appendChild(document.createElement('div'));
    probe.dataset.theme = theme;
    const style = getComputedStyle(probe);
    const bg = hex(style.getPropertyValue('--surface').trim());
    const line = hex(style.getPropertyValue('--surface-2').trim());
    probe.remove();
    return { 'editor.background': bg, 'editorGutter.background': bg, 'editor.lineHighlightBackground': line };
  };
  monaco.editor.defineTheme('kubarium-light', { base: 'vs', inherit: true, rules: [], colors: colours('light') });
  monaco.editor.defineTheme('kubarium-dark', { base: 'vs-dark', inherit: true, rules: [], colors: colours('dark') });
}

const monacoTheme = (theme: Theme) => (theme === 'dark' ? 'kubarium-dark' : 'kubarium-light');

export interface YamlEditor {
  getValue(): string;
  /** Replaces the whole text (undoable). */
  setValue(text: string): void;
  /** The API server's complaints, on the lines they are about (replacing the previous ones). */
  setServerMarkers(markers: FieldMarker[]): void;
  setTheme(theme: Theme): void;
  focus(): void;
  dispose(): void;
}

export function createYamlEditor(
  element: HTMLElement,
  options: { value: string; theme: Theme; onApply: () => void; onChange?: (value: string) => void }
): YamlEditor {
  configureYaml();
  defineThemes();
  const model = monaco.editor.createModel(options.value, 'yaml', monaco.Uri.parse('file:///manifest.yaml'));
  const editor = monaco.editor.create(element, {
    model,
    theme: monacoTheme(options.theme),
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 13,
    lineHeight: 20,
    fontFamily: getComputedStyle(element).getPropertyValue('--font-mono') || 'monospace',
    tabSize: 2,
    insertSpaces: true,
    scrollBeyondLastLine: false,
    renderLineHighlight: 'line',
    padding: { top: 8, bottom: 8 },
    overviewRulerLanes: 0,
    scrollbar: { verticalScrollbarSize: 10, horizontalScrollbarSize: 10 },
    quickSuggestions: { other: true, comments: false, strings: true },
    ariaLabel: 'Manifest editor (YAML)'
  });
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, options.onApply);
  const changes = model.onDidChangeContent(() => options.onChange?.(model.getValue()));
  const handle: YamlEditor = {
    getValue: () => model.getValue(),
    setValue(text) {
      editor.pushUndoStop();
      editor.executeEdits('kubarium', [{ range: model.getFullModelRange(), text }]);
      editor.pushUndoStop();
      editor.setScrollTop(0);
      editor.setPosition({ lineNumber: 1, column: 1 });
    },
    setServerMarkers(markers) {
      monaco.editor.setModelMarkers(model, 'kube-apiserver', markers.map((m) => ({ ...m, severity: monaco.MarkerSeverity.Error, source: 'kube-apiserver' })));
      if (markers.length > 0) editor.revealLineInCenterIfOutsideViewport(markers[0].startLineNumber);
    },
    setTheme: (theme) => monaco.editor.setTheme(monacoTheme(theme)),
    focus: () => editor.focus(),
    dispose() {
      changes.dispose();
      editor.dispose();
      model.dispose();
    }
  };
  // For tests and the curious: every marker on the model (monaco-yaml's and the API server's).
  Object.assign(element, { kubariumEditor: { ...handle, markers: () => monaco.editor.getModelMarkers({ resource: model.uri }) } });
  return handle;
}

export interface YamlViewer {
  /** Shows new text, keeping the reader's scroll position. */
  setValue(text: string): void;
  setTheme(theme: Theme): void;
  dispose(): void;
}

let viewers = 0;

/**
 * A read-only view of a live object's YAML (the inspector's): Monaco's colours, folding and find,
 * and the schema's description of a field on hover, as in the editor.
 */
export function createYamlViewer(element: HTMLElement, options: { value: string; theme: Theme }): YamlViewer {
  configureYaml();
  defineThemes();
  const model = monaco.editor.createModel(options.value, 'yaml', monaco.Uri.parse(`file:///inspector-${++viewers}.yaml`));
  const editor = monaco.editor.create(element, {
    model,
    readOnly: true,
    domReadOnly: true,
    theme: monacoTheme(options.theme),
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 12,
    lineHeight: 18,
    fontFamily: getComputedStyle(element).getPropertyValue('--font-mono') || 'monospace',
    scrollBeyondLastLine: false,
    renderLineHighlight: 'none',
    lineNumbers: 'off',
    folding: true,
    // The hover with a field's docs is wider than the inspector: drawn over the page, not clipped by it.
    fixedOverflowWidgets: true,
    padding: { top: 4, bottom: 4 },
    overviewRulerLanes: 0,
    scrollbar: { verticalScrollbarSize: 8, horizontalScrollbarSize: 8 },
    ariaLabel: 'The object as YAML (read-only)'
  });
  return {
    setValue(text) {
      if (text === model.getValue()) return;
      const top = editor.getScrollTop();
      model.setValue(text);
      editor.setScrollTop(top);
    },
    setTheme: (theme) => monaco.editor.setTheme(monacoTheme(theme)),
    dispose() {
      editor.dispose();
      model.dispose();
    }
  };
}
