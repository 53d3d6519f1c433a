// Every signed-in page's header asks for the unread count. Tests that are not about the bell get the
// answer a user with nothing new gets; a test about it answers first in its own body (a later
// handler wins), so no test forgets it and no request goes unanswered.
import { ok, onApi } from '@verity/shared-ui/src/testing/api-server';

beforeEach(() => {
  onApi('get', 'notifications/unread-count', ok({ unread: 0 }));
});
