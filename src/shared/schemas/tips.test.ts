import { describe, expect, it } from 'vitest';
import { contentUploadBody, publishTipsForm } from './tips';

const multiple = (selections: string, header = 'Lucky 15') => ({ header, selections });
const form = {
  bannerDate: '',
  nap: ' Northern Star – 2:10 Ascot (7/1) ',
  nb: 'Harbour Light – 3:15 Haydock (9/2)',
  longshot: 'Long Road – 4:00 Ascot (20/1)',
  multiples: [multiple('A, B, C, D'), multiple('A, B, C', 'Trixie'), multiple(''), multiple('')],
  dailyPreview: '<p>Soft ground.</p>',
};

describe('publishTipsForm', () => {
  it('gives the body the server parses, each multiple as "bet type: selections"', () => {
    const body = publishTipsForm.parse(form);
    expect(body).toEqual({
      bannerDate: '',
      nap: 'Northern Star – 2:10 Ascot (7/1)',
      nb: 'Harbour Light – 3:15 Haydock (9/2)',
      longshot: 'Long Road – 4:00 Ascot (20/1)',
      multiple1: 'Lucky 15: A, B, C, D',
      multiple2: 'Trixie: A, B, C',
      multiple3: '',
      multiple4: '',
      dailyPreview: '<p>Soft ground.</p>',
    });
    expect(contentUploadBody.parse(body)).toEqual(body);
  });
  it('puts each refusal on the field the admin types', () => {
    const paths = (v: object) => publishTipsForm.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths({ ...form, nap: '  ', multiples: [multiple(' '), ...form.multiples.slice(1)] })).toEqual([
      ['nap', 'NAP is required'],
      ['multiples.0.selections', 'Multiple 1 is required'],
    ]);
    expect(paths({ ...form, multiples: [...form.multiples.slice(0, 3), multiple('x'.repeat(2001))] })).toEqual([
      ['multiples.3.selections', 'Multiple 4 is too long (at most 2000 characters)'],
    ]);
    // A bet the record cannot settle is the bet type's refusal; the wrong number of selections, theirs.
    expect(paths({ ...form, multiples: [multiple('A, B, C, D', 'Goliath'), ...form.multiples.slice(1)] })).toEqual([
      ['multiples.0.header', expect.stringMatching(/^Multiple 1: “Goliath” is not a bet the record can settle/)],
    ]);
    expect(paths({ ...form, multiples: [multiple('A, B, C'), ...form.multiples.slice(1)] })).toEqual([
      ['multiples.0.selections', 'Multiple 1: a Lucky 15 has 4 selections, not 3 (separate them with commas).'],
    ]);
  });
});
