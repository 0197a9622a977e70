import { describe, expect, it } from 'vitest';
import { compounds, stem, term, terms, words } from '../../../src/shared/search-text.js';

describe('shared/search-text', () => {
  it('gives plurals and -ing forms the term of their base word', () => {
    const same = [
      ['retry', 'retries', 'retrying'],
      ['cache', 'caches', 'caching'],
      ['schedule', 'schedules', 'scheduling'],
      ['run', 'runs', 'running'],
      ['process', 'processes', 'processing'],
      ['key', 'keys'],
      ['webhook', 'webhooks'],
      ['use', 'uses', 'using'],
    ];
    for (const forms of same) expect(new Set(forms.map(stem)), forms.join(', ')).toHaveProperty('size', 1);
  });

  it('leaves words alone that only look like plurals or -ing forms', () => {
    expect(stem('status')).toBe('status');
    expect(stem('access')).toBe('access');
    expect(stem('string')).toBe('string');
    expect(stem('thing')).toBe('thing');
    expect(stem('analysis')).toBe('analysis');
  });

  it('keeps the start of a word intact, so a prefix still finds it while the reader types', () => {
    for (const word of ['concurrency', 'environment', 'throttling', 'authentication', 'variables']) {
      expect(stem(word).startsWith(stem(word.slice(0, 5)))).toBe(true);
    }
  });

  it('drops stop words and lone letters, folds case and accents', () => {
    expect(terms('How do I rotate the API key?')).toEqual(['rotat', 'api', 'key']);
    expect(term('Café')).toBe(stem('cafe'));
    expect(term('a')).toBeNull();
    expect(term('The')).toBeNull();
    // An acronym's plural is the acronym, as its lower-case "is" ending would not be.
    expect(term('APIs')).toBe('api');
    expect(term('URLs')).toBe('url');
    expect(term('IDs')).toBe('id');
    expect(term('Analysis')).toBe('analysis');
  });

  it('reads numbers as the docs print them and as readers type them', () => {
    expect(words('up to 10,000 runs at $0.0002 each, 1,2 or 3').map((w) => w.text)).toEqual([
      'up',
      'to',
      '10000',
      'runs',
      'at',
      '0.0002',
      'each',
      '1',
      '2',
      'or',
      '3',
    ]);
    const [, , number] = words('up to 10,000 runs');
    expect(number).toEqual({ text: '10000', index: 6, length: 6 });
  });

  it('splits snake_case and camelCase names into their words too', () => {
    expect(terms('API_KEY')).toEqual(['api', 'key']);
    expect(terms('getItem')).toEqual(['getitem', 'get', 'item']);
  });

  it('joins phrasal verbs of titles into the word readers also type, and nothing else', () => {
    expect(compounds('Log in, then sign up or set up the CLI').map((c) => [c.text, c.term])).toEqual([
      ['Log in', 'login'],
      ['sign up', 'signup'],
      ['set up', 'setup'],
    ]);
    expect(compounds('Steps in a workflow, run on a timer, Log, in')).toEqual([]);
  });

  it('splits Chinese and Japanese sentences into words, so a word inside a sentence is a term of its own', () => {
    expect(terms('我们的平台支持定时任务和网络钩子。', false)).toEqual(expect.arrayContaining(['平台', '支持']));
    // However ICU splits a word, a query of it is split the same way, and its terms are among the sentence's.
    expect(terms('ワークフローを実行します', false)).toEqual(
      expect.arrayContaining([...terms('ワークフロー', false), '実行']),
    );
    expect(words('使用 API 配置').map((w) => w.text)).toEqual(['使用', 'API', '配置']);
    // Offsets stay those of the text, for highlighting.
    const [, second] = words('平台支持');
    expect('平台支持'.slice(second.index, second.index + second.length)).toBe(second.text);
  });

  it('stems and drops stop words only in English: other languages keep their words as written', () => {
    expect(terms('the retries', true)).toEqual(['retry']);
    expect(terms('Die Schritte', false)).toEqual(['die', 'schritte']);
    expect(term('は', false)).toBeNull();
    expect(term('书', false)).toBe('书');
  });
});
