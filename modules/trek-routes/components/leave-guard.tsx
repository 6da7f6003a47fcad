import { useBeforeUnload, useBlocker, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { Button } from "@lib/ui/button";

export const LEAVE_MESSAGE = "Are you sure you want to leave this page with changes";

/**
 * Asks before the user leaves a form with unsaved changes: the browser's own prompt on reload or
 * tab close, our dialog on in-app navigation. `allowNext()` lets the form's own submission (and
 * the redirect after it) through. Needs JavaScript; without it there is nothing to intercept.
 */
export function useLeaveGuard(dirty: boolean) {
  const allowed = useRef(false);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!dirty || allowed.current) return;
        event.preventDefault();
        event.returnValue = LEAVE_MESSAGE;
      },
      [dirty],
    ),
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    // A blocker left "blocked" after the changes are gone would swallow the next navigation.
    if (blocker.state === "blocked" && !dirty) blocker.reset();
  }, [blocker, dirty]);
  const allowNext = useCallback(() => {
    allowed.current = true;
  }, []);
  // A save the server refused (400) leaves the user on the form, still with changes.
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "idle") allowed.current = false;
  }, [navigation.state]);
  const dialog =
    blocker.state === "blocked" ? (
      <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4">
        <div role="alertdialog" aria-modal="true" aria-labelledby="leave-title" className="w-full max-w-sm rounded-lg bg-white p-5 shadow-xl">
          <h2 id="leave-title" className="text-base font-semibold text-gray-900">
            {LEAVE_MESSAGE}
          </h2>
          <p className="mt-2 text-sm text-gray-600">Your changes will be lost.</p>
          <div className="mt-5 flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => blocker.reset()} autoFocus>
              Stay
            </Button>
            <Button type="button" variant="danger" onClick={() => blocker.proceed()}>
              Leave
            </Button>
          </div>
        </div>
      </div>
    ) : null;
  return { dialog, allowNext };
}
