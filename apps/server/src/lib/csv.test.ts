import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvStringifier } from './csv.ts';

async function csvOf(rows: unknown[][], columns?: string[]): Promise<string> {
  const out = Readable.from(rows).pipe(csvStringifier(columns ? { header: true, columns } : {}));
  let text = '';
  for await (const chunk of out) text += String(chunk);
  return text;
}

describe('csvStringifier', () => {
  it('neutralises text cells a spreadsheet would run as a formula', async () => {
    const cells = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', 'plain', 'a=b', ''];
    const lines = (await csvOf(cells.map((c) => [c]))).split('\n').slice(0, -1);
    expect(lines).toEqual([
      `"'=HYPERLINK(""http://x"",""y"")"`, "'+1+1", "'-2+3", "'@SUM(A1)", "'\tcmd", `"'\rcmd"`, 'plain', 'a=b', '',
    ]);
  });

  it('keeps numbers numeric, negative ones too, and leaves the header alone', async () => {
    expect(await csvOf([[-3.5, '-3.5', 0, 12]], ['value', 'text', 'zero', 'n'])).toBe("value,text,zero,n\n-3.5,'-3.5,0,12\n");
  });
});
