import {
  ATTACHMENT_NOT_AN_IMAGE,
  ATTACHMENT_TOO_LARGE,
  REMARK_ATTACHMENT_MAX_BYTES,
  TOO_MANY_ATTACHMENTS,
  attachmentProblem,
} from './attachments';

describe('attachmentProblem', () => {
  it.each(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])('takes %s', (type) => {
    expect(attachmentProblem({ type, size: 1000 }, 0)).toBeUndefined();
  });

  it.each(['image/heic', 'image/svg+xml', 'application/pdf', ''])('refuses %s', (type) => {
    expect(attachmentProblem({ type, size: 1000 }, 0)).toBe(ATTACHMENT_NOT_AN_IMAGE);
  });

  it('takes exactly 5 MB and refuses a byte more', () => {
    expect(
      attachmentProblem({ type: 'image/png', size: REMARK_ATTACHMENT_MAX_BYTES }, 0),
    ).toBeUndefined();
    expect(attachmentProblem({ type: 'image/png', size: REMARK_ATTACHMENT_MAX_BYTES + 1 }, 0)).toBe(
      ATTACHMENT_TOO_LARGE,
    );
  });

  it('takes a tenth image and refuses an eleventh', () => {
    expect(attachmentProblem({ type: 'image/png', size: 1 }, 9)).toBeUndefined();
    expect(attachmentProblem({ type: 'image/png', size: 1 }, 10)).toBe(TOO_MANY_ATTACHMENTS);
  });
});
