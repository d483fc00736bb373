import { describe, expect, it } from 'vitest';
import { MAX_QUESTION_CHARS, parseClientFrame, parseServerFrame } from './protocol.js';

const query = (fields: Record<string, unknown>) =>
  JSON.stringify({ type: 'query', id: 'q1', question: 'hi', ...fields });

describe('parseClientFrame', () => {
  it('accepts a query with and without history', () => {
    expect(parseClientFrame(query({}))).toEqual({ ok: true, frame: { type: 'query', id: 'q1', question: 'hi' } });
    const history = [{ q: 'what is a role?', a: 'A role is…' }];
    expect(parseClientFrame(query({ history }))).toEqual({
      ok: true,
      frame: { type: 'query', id: 'q1', question: 'hi', history },
    });
  });

  it('accepts feedback with and without a comment', () => {
    expect(parseClientFrame('{"type":"feedback","id":"q1","rating":"up"}')).toMatchObject({
      ok: true,
      frame: { type: 'feedback', id: 'q1', rating: 'up' },
    });
    expect(parseClientFrame('{"type":"feedback","id":"q1","rating":"down"}')).toEqual({
      ok: true,
      frame: { type: 'feedback', id: 'q1', rating: 'down' },
    });
    expect(parseClientFrame('{"type":"feedback","id":"q1","rating":"down","comment":"wrong page"}')).toMatchObject({
      ok: true,
      frame: { comment: 'wrong page' },
    });
  });

  it.each([
    ['not JSON', '{"type":', 'not valid JSON', undefined],
    ['a JSON array', '[1,2]', 'JSON object', undefined],
    ['JSON null', 'null', 'JSON object', undefined],
    ['no type', '{"id":"q1"}', 'no "type"', 'q1'],
    ['an unknown type', '{"type":"hello","id":"q1"}', 'Unknown frame type', 'q1'],
    ['a query without id', '{"type":"query","question":"hi"}', '"id"', undefined],
    ['a numeric id', '{"type":"query","id":5,"question":"hi"}', '"id"', undefined],
    ['an id of 129 characters', query({ id: 'x'.repeat(129) }), '"id"', undefined],
    ['a missing question', '{"type":"query","id":"q1"}', '"question" must be a string', 'q1'],
    ['a blank question', query({ question: '  \n ' }), 'empty', 'q1'],
    ['history that is not an array', query({ history: 'x' }), '"history"', 'q1'],
    ['a history turn without a', query({ history: [{ q: 'x' }] }), 'turn', 'q1'],
    ['too many history turns', query({ history: Array(21).fill({ q: 'a', a: 'b' }) }), 'at most 20', 'q1'],
    ['a rating other than up or down', '{"type":"feedback","id":"q1","rating":"meh"}', '"rating"', 'q1'],
    ['a comment that is not a string', '{"type":"feedback","id":"q1","rating":"down","comment":3}', '"comment"', 'q1'],
  ])('refuses %s with bad_request', (_name, raw, message, id) => {
    const result = parseClientFrame(raw);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('bad_request');
    expect(result.message).toContain(message);
    expect(result.id).toBe(id);
  });

  it('counts question length in characters, not UTF-16 units', () => {
    expect(parseClientFrame(query({ question: 'a'.repeat(MAX_QUESTION_CHARS) })).ok).toBe(true);
    expect(parseClientFrame(query({ question: '😀'.repeat(MAX_QUESTION_CHARS) })).ok).toBe(true);
    expect(parseClientFrame(query({ question: 'a'.repeat(MAX_QUESTION_CHARS + 1) }))).toEqual({
      ok: false,
      code: 'too_long',
      message: 'The question is over 1000 characters.',
      id: 'q1',
    });
  });

  it('replaces lone surrogates in the texts it passes on', () => {
    const raw = '{"type":"query","id":"q1","question":"a\\ud800b\\udc00c😀","history":[{"q":"\\udfff","a":"ok"}]}';
    expect(parseClientFrame(raw)).toEqual({
      ok: true,
      frame: { type: 'query', id: 'q1', question: 'a\ufffdb\ufffdc😀', history: [{ q: '\ufffd', a: 'ok' }] },
    });
  });

  it('refuses an over-long comment with too_long', () => {
    const raw = JSON.stringify({ type: 'feedback', id: 'q1', rating: 'down', comment: 'x'.repeat(1001) });
    expect(parseClientFrame(raw)).toMatchObject({ ok: false, code: 'too_long', id: 'q1' });
  });

  it('copies only known fields, so a __proto__ key changes nothing', () => {
    const result = parseClientFrame('{"type":"query","id":"q1","question":"hi","__proto__":{"admin":true},"extra":1}');
    expect(result).toEqual({ ok: true, frame: { type: 'query', id: 'q1', question: 'hi' } });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('parseServerFrame', () => {
  it('accepts each server frame type', () => {
    expect(parseServerFrame('{"type":"chunk","id":"a","text":"x"}')).toEqual({ type: 'chunk', id: 'a', text: 'x' });
    expect(parseServerFrame('{"type":"sources","id":"a","sources":[{"title":"T","url":"/u"}]}')).toEqual({
      type: 'sources',
      id: 'a',
      sources: [{ title: 'T', url: '/u' }],
    });
    expect(parseServerFrame('{"type":"done","id":"a"}')).toEqual({ type: 'done', id: 'a' });
    expect(parseServerFrame('{"type":"ack","id":"a"}')).toEqual({ type: 'ack', id: 'a' });
    expect(parseServerFrame('{"type":"error","code":"rate_limited","message":"m","retryAfterMs":5}')).toEqual({
      type: 'error',
      code: 'rate_limited',
      message: 'm',
      retryAfterMs: 5,
    });
  });

  it.each([
    'nope',
    '{"type":"chunk","id":"a"}',
    '{"type":"sources","id":"a","sources":[{"title":1}]}',
    '{"type":"error","code":"teapot","message":"m"}',
    '{"type":"done"}',
    '{"type":"other","id":"a"}',
  ])('rejects %s', (raw) => {
    expect(parseServerFrame(raw)).toBeUndefined();
  });
});
