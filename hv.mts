import { readFileSync } from 'node:fs';
import { HtmlValidate } from 'html-validate';
const v = new HtmlValidate({ extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'], rules: { 'require-sri': 'off', 'unique-landmark': 'off' } });
for (const f of process.argv.slice(2)) {
  const r = await v.validateString(readFileSync(f, 'utf8'), f);
  for (const res of r.results) for (const m of res.messages) console.log(`${f}:${m.line}:${m.column} ${m.message} (${m.ruleId})`);
}
