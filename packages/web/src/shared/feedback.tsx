import type { App } from 'antd';
import { ApiError, describeError } from './errors.ts';
import { currentLang } from './i18n.ts';
import { endSession, redirectToSignIn } from './session.ts';

type Feedback = ReturnType<typeof App.useApp>;

// antd's message and notification only follow the theme and locale when taken from `App.useApp()`;
// the bridge lends that instance to code outside components (query caches, event handlers).
let feedback: Feedback | undefined;
let leavingForSignIn = false;

/**
 * Lends antd's feedback to `notifyError` while antd's `App` is on screen (`AntdProviders`);
 * returns the function that takes it back. No antd here: H5's first screen reports through this
 * file before antd has loaded (decision 0051).
 */
export function lendFeedback(api: Feedback): () => void {
  feedback = api;
  return () => {
    if (feedback === api) feedback = undefined;
  };
}

/** Carries out the error catalogue's reaction to `error`: a message, a warning, or sign-in again. */
export function notifyError(error: unknown): void {
  const reaction = describeError(error, currentLang());
  if (reaction.kind === 'signIn') {
    // Several calls fail together when a session dies; leave once.
    if (leavingForSignIn) return;
    leavingForSignIn = true;
    endSession();
    redirectToSignIn();
    return;
  }
  if (!(error instanceof ApiError)) console.error(error);
  if (!feedback) {
    console.error(reaction.text);
    return;
  }
  const [title = '', ...details] = reaction.text.split('\n');
  // The key folds identical failures (ten queries losing the network at once) into one toast.
  if (details.length === 0) {
    feedback.message.open({ key: reaction.text, type: reaction.level, content: title });
    return;
  }
  feedback.notification[reaction.level]({
    key: reaction.text,
    title,
    description: details.map((line, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed list that never reorders
      <div key={index}>{line}</div>
    )),
  });
}

/**
 * Code that failed to arrive (a language's strings, a page's chunk): the network dropped, so it
 * says so and the user can try again; the cause goes to the console.
 */
export function notifyLoadFailure(error: unknown): void {
  console.error('Code or strings could not be loaded', error);
  notifyError(new ApiError({ code: 0, message: '', httpStatus: 0, failure: 'network' }));
}
