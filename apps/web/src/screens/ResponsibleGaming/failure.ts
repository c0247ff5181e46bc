import { describeFailure } from '../../api/failures';
import { toastFailure } from '../../state/ui';

/** A refused protection call: the server's reason as a failure toast, unless the client already told it. */
export function showCallFailure(error: unknown): void {
  void describeFailure(error).then((failure) => {
    if (failure.text) toastFailure(failure.text);
  });
}
