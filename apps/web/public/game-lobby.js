/*
 * The lobby URL the games are given. A game that follows it inside its frame lands here, on the
 * app's own origin, and this page asks the app around the frame to leave the game (the app hears it
 * only from the frame it holds): the app never loads again inside the frame, nor from the start.
 * Opened on its own (a game played in a browser tab), it goes to the lobby.
 */
(function () {
  'use strict';
  if (window.parent !== window) {
    try {
      window.parent.postMessage({ type: 'lobby' }, window.location.origin);
    } catch (e) {
      /* a parent of another origin: nothing to tell */
    }
  } else {
    window.location.replace('/home');
  }
})();
