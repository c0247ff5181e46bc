/* Plinko: the ball falls through twelve rows of pins into a slot that pays its multiplier. */
(function () {
  'use strict';
  var D = window.Demo;
  var data = D.config.game.data;
  var ROWS = data.rows;
  var risk = 'medium';
  try {
    var saved = localStorage.getItem('demo-plinko-risk');
    if (data.tables[saved]) risk = saved;
  } catch (e) {
    /* ignore */
  }
  var W = 370,
    GAP = 26,
    TOP = 24,
    H = TOP + ROWS * GAP + 44;

  function pin(row, i) {
    return { x: W / 2 + (i - row / 2) * GAP, y: TOP + row * GAP };
  }
  function slotX(k) {
    return W / 2 + (k - ROWS / 2) * GAP;
  }
  function color(hundredths) {
    return hundredths >= 1000 ? '#ff5252' : hundredths >= 200 ? '#ff9800' : hundredths >= 100 ? '#ffd54f' : '#b2ff59';
  }

  var board = document.createElement('div');
  board.className = 'board';
  D.stage.appendChild(board);
  function draw() {
    var markup = '';
    for (var row = 1; row <= ROWS; row++)
      for (var i = 0; i <= row; i++) {
        var p = pin(row, i);
        markup += '<circle cx="' + p.x + '" cy="' + (p.y - GAP / 2) + '" r="3.5" fill="#e8eaf6"/>';
      }
    data.tables[risk].forEach(function (m, k) {
      var x = slotX(k);
      markup +=
        '<g id="slot' +
        k +
        '"><rect x="' +
        (x - GAP / 2 + 1.5) +
        '" y="' +
        (H - 38) +
        '" width="' +
        (GAP - 3) +
        '" height="26" rx="4" fill="' +
        color(m) +
        '"/>' +
        '<text class="slot-label" x="' +
        x +
        '" y="' +
        (H - 21) +
        '" text-anchor="middle">' +
        String(m / 100) +
        '</text></g>';
    });
    markup += '<circle id="ball" cx="' + W / 2 + '" cy="4" r="7" fill="#ffca28" stroke="#fff" stroke-width="2"/>';
    board.innerHTML = D.svg(markup, W, H);
  }
  draw();

  D.options.innerHTML =
    '<div class="row"><span class="label">' +
    D.strings.risk +
    '</span><div class="risk">' +
    ['low', 'medium', 'high']
      .map(function (r) {
        return '<button type="button" data-r="' + r + '">' + D.strings[r] + '</button>';
      })
      .join('') +
    '</div></div>';
  function markRisk() {
    Array.prototype.forEach.call(document.querySelectorAll('[data-r]'), function (b) {
      b.classList.toggle('on', b.getAttribute('data-r') === risk);
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll('[data-r]'), function (b) {
    b.addEventListener('click', function () {
      if (D.isBusy()) return;
      risk = b.getAttribute('data-r');
      try {
        localStorage.setItem('demo-plinko-risk', risk);
      } catch (e) {
        /* ignore */
      }
      markRisk();
      draw();
    });
  });
  markRisk();

  D.register({
    playLabel: 'drop',
    choice: function () {
      return { risk: risk };
    },
    start: function () {
      var ball = document.getElementById('ball');
      ball.setAttribute('cx', String(W / 2));
      ball.setAttribute('cy', '4');
    },
    animate: function (answer) {
      var ball = document.getElementById('ball');
      var points = [{ x: W / 2, y: 4 }];
      var k = 0;
      answer.result.path.forEach(function (right, row) {
        k += right;
        points.push({ x: W / 2 + (k - (row + 1) / 2) * GAP, y: TOP + (row + 1) * GAP - GAP / 2 - 8 });
      });
      points.push({ x: slotX(answer.result.slot), y: H - 46 });
      var STEP = 110;
      return new Promise(function (resolve) {
        var begin = performance.now();
        function frame(now) {
          var f = Math.max(0, (now - begin) / STEP);
          var i = Math.min(points.length - 2, Math.floor(f));
          var t = Math.min(1, f - i);
          var a = points[i],
            b = points[i + 1];
          ball.setAttribute('cx', (a.x + (b.x - a.x) * t).toFixed(1));
          ball.setAttribute('cy', (a.y + (b.y - a.y) * t - Math.sin(t * Math.PI) * 6).toFixed(1));
          if (f < points.length - 1) return requestAnimationFrame(frame);
          var slot = document.getElementById('slot' + answer.result.slot);
          if (slot && slot.animate)
            slot.animate([{ transform: 'translateY(0)' }, { transform: 'translateY(5px)' }, { transform: 'translateY(0)' }], { duration: 300 });
          resolve();
        }
        requestAnimationFrame(frame);
      });
    },
  });
})();
