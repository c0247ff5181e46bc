/* Hi-Lo Cards: bet that the next card is higher or lower than the one on the table. */
(function () {
  'use strict';
  var D = window.Demo;
  var table = D.config.game.data.multipliers;
  var card = D.config.state;
  var RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  var SUITS = ['\u2660', '\u2665', '\u2666', '\u2663'];

  function face(c) {
    var rank = RANKS[c % 13];
    var suit = SUITS[Math.floor(c / 13)];
    var red = Math.floor(c / 13) === 1 || Math.floor(c / 13) === 2;
    var ink = red ? '#d32f2f' : '#212121';
    return D.svg(
      '<rect x="2" y="2" width="136" height="196" rx="14" fill="#fff" stroke="#cfd8dc" stroke-width="3"/>' +
        '<text x="16" y="40" font-size="30" font-weight="800" fill="' +
        ink +
        '" font-family="DejaVu Sans,Arial,sans-serif">' +
        rank +
        '</text>' +
        '<text x="16" y="72" font-size="28" fill="' +
        ink +
        '" font-family="DejaVu Sans,Arial,sans-serif">' +
        suit +
        '</text>' +
        '<text x="70" y="135" font-size="72" fill="' +
        ink +
        '" text-anchor="middle" font-family="DejaVu Sans,Arial,sans-serif">' +
        suit +
        '</text>',
      140,
      200,
    );
  }
  var back = D.svg(
    '<rect x="2" y="2" width="136" height="196" rx="14" fill="#3949ab" stroke="#fff" stroke-width="4"/>' +
      '<rect x="16" y="16" width="108" height="168" rx="8" fill="none" stroke="#9fa8da" stroke-width="3" stroke-dasharray="6 6"/>',
    140,
    200,
  );

  D.stage.innerHTML =
    '<div class="cards"><div id="current" class="card"></div><div id="next" class="card"></div></div><div class="hilo-note">' + D.strings.sameLoses + '</div>';
  var current = document.getElementById('current');
  var next = document.getElementById('next');
  D.options.innerHTML =
    '<div class="guesses"><button type="button" class="play" id="higher"></button><button type="button" class="play" id="lower"></button></div>';
  var higher = document.getElementById('higher');
  var lower = document.getElementById('lower');

  function show() {
    current.innerHTML = card === null ? back : face(card);
    next.innerHTML = back;
    next.classList.remove('flip');
    var row = card === null ? { higher: 0, lower: 0 } : table[card % 13];
    higher.innerHTML = '\u25b2 ' + D.strings.higher + ' <small>' + (row.higher ? (row.higher / 100).toFixed(2) + '\u00d7' : '') + '</small>';
    lower.innerHTML = '\u25bc ' + D.strings.lower + ' <small>' + (row.lower ? (row.lower / 100).toFixed(2) + '\u00d7' : '') + '</small>';
    higher.disabled = !row.higher;
    lower.disabled = !row.lower;
  }
  show();

  function guess(which) {
    if (D.isBusy()) return;
    higher.disabled = lower.disabled = true;
    D.play({ guess: which }).then(function () {
      show();
    });
  }
  higher.addEventListener('click', function () {
    guess('higher');
  });
  lower.addEventListener('click', function () {
    guess('lower');
  });

  D.register({
    hidePlay: true,
    animate: function (answer) {
      next.classList.add('flip');
      return D.wait(180)
        .then(function () {
          next.innerHTML = face(answer.result.next);
          return D.wait(700);
        })
        .then(function () {
          card = answer.result.next;
        });
    },
  });
})();
