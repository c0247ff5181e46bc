/* The line slots (Fruit Lines and the titles on its engine): three reels, three rows, five lines; three alike on a line pay. */
(function () {
  'use strict';
  var D = window.Demo;
  var data = D.config.game.data;
  var ART = {
    cherry:
      '<path d="M30 62 Q40 30 66 22 M62 58 Q60 34 66 22" stroke="#2e7d32" stroke-width="5" fill="none"/>' +
      '<circle cx="30" cy="70" r="17" fill="#e53935"/><circle cx="64" cy="68" r="17" fill="#c62828"/><circle cx="25" cy="64" r="4" fill="#fff8"/>',
    lemon: '<ellipse cx="50" cy="52" rx="34" ry="26" fill="#fdd835" stroke="#f9a825" stroke-width="3"/><ellipse cx="40" cy="44" rx="8" ry="4" fill="#fff8"/>',
    orange:
      '<circle cx="50" cy="54" r="32" fill="#fb8c00"/><path d="M50 22 Q62 10 72 18 Q62 26 50 22Z" fill="#43a047"/><circle cx="40" cy="44" r="5" fill="#fff6"/>',
    grape:
      '<g fill="#8e24aa"><circle cx="38" cy="36" r="11"/><circle cx="62" cy="36" r="11"/><circle cx="50" cy="52" r="11"/>' +
      '<circle cx="30" cy="56" r="10"/><circle cx="70" cy="56" r="10"/><circle cx="40" cy="72" r="10"/><circle cx="60" cy="72" r="10"/><circle cx="50" cy="88" r="9"/></g>' +
      '<path d="M50 24 L52 10" stroke="#5d4037" stroke-width="4"/>',
    bell: '<path d="M50 16 Q74 18 74 56 L82 72 L18 72 L26 56 Q26 18 50 16Z" fill="#ffc107" stroke="#ff8f00" stroke-width="3"/><circle cx="50" cy="80" r="8" fill="#ff8f00"/>',
    bar:
      '<rect x="10" y="32" width="80" height="36" rx="6" fill="#263238"/><rect x="14" y="36" width="72" height="28" rx="4" fill="none" stroke="#ffd54f" stroke-width="2"/>' +
      '<text x="50" y="59" font-size="22" font-weight="900" fill="#ffd54f" text-anchor="middle" font-family="Arial,sans-serif">BAR</text>',
    seven: '<path d="M22 20 L80 20 L80 32 Q58 52 50 86 L32 86 Q40 54 62 34 L22 34Z" fill="#d50000" stroke="#ffeb3b" stroke-width="3"/>',
  };
  if (data.art) ART = data.art;
  function symbol(name) {
    return D.svg(ART[name], 100, 100);
  }

  var reels = document.createElement('div');
  reels.className = 'reels';
  var cells = [];
  for (var r = 0; r < 3; r++) {
    var reel = document.createElement('div');
    reel.className = 'reel';
    cells.push([]);
    for (var row = 0; row < 3; row++) {
      var cell = document.createElement('div');
      cell.className = 'cell';
      cell.innerHTML = symbol(data.strip[(r * 5 + row) % data.strip.length]);
      reel.appendChild(cell);
      cells[r].push(cell);
    }
    reels.appendChild(reel);
  }
  var wrap = document.createElement('div');
  wrap.className = 'slot-wrap';
  wrap.appendChild(reels);
  var table = document.createElement('div');
  table.className = 'paytable';
  table.innerHTML =
    data.symbols
      .slice()
      .reverse()
      .map(function (s) {
        return '<span>' + symbol(s) + symbol(s) + symbol(s) + ' \u00d7' + data.pays[s] + '</span>';
      })
      .join('') +
    '<span>' +
    D.strings.lines +
    '</span>';
  wrap.appendChild(table);
  D.stage.appendChild(wrap);

  var spinTimer = null;
  function randomSymbol() {
    return data.strip[Math.floor(Math.random() * data.strip.length)];
  }

  D.register({
    playLabel: 'spin',
    choice: function () {
      return {};
    },
    start: function () {
      cells.forEach(function (column) {
        column.forEach(function (c) {
          c.classList.remove('hit');
        });
      });
      Array.prototype.forEach.call(reels.children, function (reel) {
        reel.classList.add('spinning');
      });
      spinTimer = setInterval(function () {
        cells.forEach(function (column, r) {
          if (!reels.children[r].classList.contains('spinning')) return;
          column.forEach(function (c) {
            c.innerHTML = symbol(randomSymbol());
          });
        });
      }, 80);
    },
    abort: function () {
      clearInterval(spinTimer);
      Array.prototype.forEach.call(reels.children, function (reel) {
        reel.classList.remove('spinning');
      });
    },
    animate: function (answer) {
      var window3 = answer.result.window;
      var stops = [0, 1, 2].map(function (r) {
        return D.wait(450 + r * 250).then(function () {
          reels.children[r].classList.remove('spinning');
          cells[r].forEach(function (c, row) {
            c.innerHTML = symbol(window3[r][row]);
          });
        });
      });
      return Promise.all(stops).then(function () {
        clearInterval(spinTimer);
        answer.result.lines.forEach(function (won) {
          data.lines[won.line].forEach(function (row, r) {
            cells[r][row].classList.add('hit');
          });
        });
      });
    },
  });
})();
