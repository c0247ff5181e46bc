import { App } from 'antd';
import { useState } from 'react';
import { useErrorText } from './PageState.tsx';

/**
 * Runs one change at a time for a dialog: `busy` while it runs, the failure's words in `error`
 * (cleared when the next try starts). `submit` answers whether the change went through.
 */
export function useSubmit() {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(errorText(caught));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const reset = () => {
    setBusy(false);
    setError(null);
  };
  return { busy, error, setError, reset, submit };
}

/**
 * Runs one change at a time for a page and tells the outcome in a toast: the words the action
 * answers with when it goes through, the failure's words when not. `save` answers whether it went through.
 */
export function useSaveWithMessage() {
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const save = async (action: () => Promise<string>): Promise<boolean> => {
    setBusy(true);
    try {
      message.success(await action());
      return true;
    } catch (error) {
      message.error(errorText(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}
