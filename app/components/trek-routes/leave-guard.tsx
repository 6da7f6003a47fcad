import { useBeforeUnload, useBlocker, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef } from "react";

// Shown only when a navigation is held back, so it comes then (issue 12).
const LeaveDialog = lazy(() => import("./leave-dialog"));

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
      dirty && !allowed.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
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
      <Suspense fallback={null}>
        <LeaveDialog message={LEAVE_MESSAGE} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
      </Suspense>
    ) : null;
  return { dialog, allowNext };
}
