/**
 * The viewport meta forbids zooming, but iOS Safari ignores `user-scalable=no` since iOS 10 and
 * still honours pinch and double-tap. These listeners close the gaps the meta tag leaves open.
 */
export function preventZoomGestures(target: Document = document): () => void {
  const stop = (event: Event) => event.preventDefault();
  const onTouchMove = (event: TouchEvent) => {
    if (event.touches.length > 1) event.preventDefault();
  };
  let lastTouchEnd = 0;
  const onTouchEnd = (event: TouchEvent) => {
    const now = Date.now();
    // A second tap within 300 ms is a double-tap zoom on iOS; form fields keep their own behaviour.
    const tag = (event.target as HTMLElement | null)?.tagName;
    if (now - lastTouchEnd <= 300 && tag !== 'INPUT' && tag !== 'TEXTAREA' && tag !== 'SELECT') {
      event.preventDefault();
    }
    lastTouchEnd = now;
  };
  const onWheel = (event: WheelEvent) => {
    // Trackpad pinch arrives as a wheel event with ctrlKey set.
    if (event.ctrlKey) event.preventDefault();
  };
  const options: AddEventListenerOptions = { passive: false };
  target.addEventListener('gesturestart', stop, options);
  target.addEventListener('gesturechange', stop, options);
  target.addEventListener('gestureend', stop, options);
  target.addEventListener('touchmove', onTouchMove, options);
  target.addEventListener('touchend', onTouchEnd, options);
  target.addEventListener('wheel', onWheel, options);
  return () => {
    target.removeEventListener('gesturestart', stop);
    target.removeEventListener('gesturechange', stop);
    target.removeEventListener('gestureend', stop);
    target.removeEventListener('touchmove', onTouchMove);
    target.removeEventListener('touchend', onTouchEnd);
    target.removeEventListener('wheel', onWheel);
  };
}
