import { describe, expect, it } from 'vitest';
import { narrative, spans } from './narrative';

describe('narrative', () => {
  const cases = [
    { name: 'plain text', text: 'The scheduler decides.', blocks: [{ kind: 'paragraph', spans: [{ kind: 'text', text: 'The scheduler decides.' }] }] },
    {
      name: 'code and bold spans, lines joined',
      text: 'Write `spec.nodeName`\nyourself: **Filter** first.',
      blocks: [{ kind: 'paragraph', spans: [{ kind: 'text', text: 'Write ' }, { kind: 'code', text: 'spec.nodeName' }, { kind: 'text', text: ' yourself: ' }, { kind: 'strong', text: 'Filter' }, { kind: 'text', text: ' first.' }] }]
    },
    {
      name: 'paragraphs and a list with a continued item',
      text: 'Three kinds:\n\n- **Guaranteed**: limits\n  equal requests;\n- `BestEffort`\n\nDone.',
      blocks: [
        { kind: 'paragraph', spans: [{ kind: 'text', text: 'Three kinds:' }] },
        { kind: 'list', items: [[{ kind: 'strong', text: 'Guaranteed' }, { kind: 'text', text: ': limits equal requests;' }], [{ kind: 'code', text: 'BestEffort' }]] },
        { kind: 'paragraph', spans: [{ kind: 'text', text: 'Done.' }] }
      ]
    },
    { name: 'HTML stays text', text: '<img src=x onerror=alert(1)> `<b>`', blocks: [{ kind: 'paragraph', spans: [{ kind: 'text', text: '<img src=x onerror=alert(1)> ' }, { kind: 'code', text: '<b>' }] }] },
    { name: 'nothing', text: '\n\n', blocks: [] }
  ];
  for (const c of cases) it(c.name, () => expect(narrative(c.text)).toEqual(c.blocks));

  it('leaves an unclosed marker as text', () => {
    expect(spans('a `b and **c')).toEqual([{ kind: 'text', text: 'a `b and **c' }]);
  });
});
