/* Rocket Crash: set an automatic cash-out, launch, and the rocket flies until it crashes. */
(function () {
  'use strict';
  var D = window.Demo;
  var data = D.config.game.data;
  var PRESETS = [150, 200, 500, 1000];
  var target = 200;
  try {
    var saved = Number(localStorage.getItem('demo-crash-target'));
    if (saved >= data.minTarget && saved <= data.maxTarget) target = saved;
  } catch (e) {
    /* ignore */
  }

  function x(hundredths) {
    return (hundredths / 100).toFixed(2) + '\u00d7';
  }

  D.stage.innerHTML =
    '<div class="sky"><svg id="sky" viewBox="0 0 300 200">' +
    '<path id="trail" d="M0 200" stroke="#ffd54f" stroke-width="3" fill="none" stroke-linecap="round"/><g id="rocket">' +
    '<g transform="rotate(60) scale(.6)"><path d="M0 -40 Q18 -16 16 24 L-16 24 Q-18 -16 0 -40Z" fill="#eceff1"/><circle cx="0" cy="-6" r="7" fill="#29b6f6"/>' +
    '<path d="M-16 24 L-28 38 L-10 28Z M16 24 L28 38 L10 28Z" fill="#e53935"/><path d="M-8 28 Q0 58 8 28Z" fill="#ffb300"/></g></g></svg>' +
    '<div id="mult" class="multiplier">1.00\u00d7</div></div>';
  var sky = document.getElementById('sky');
  var size = { w: 300, h: 200 };
  function measure() {
    size = { w: Math.max(200, sky.clientWidth), h: Math.max(150, sky.clientHeight) };
    sky.setAttribute('viewBox', '0 0 ' + size.w + ' ' + size.h);
  }
  var mult = document.getElementById('mult');
  var rocket = document.getElementById('rocket');
  var trail = document.getElementById('trail');

  D.options.innerHTML =
    '<div class="row"><span class="label">' +
    D.strings.target +
    '</span><div class="stepper">' +
    '<button type="button" id="less">\u2212</button><output id="target"></output><button type="button" id="more">+</button></div></div>' +
    '<div class="presets">' +
    PRESETS.map(function (p) {
      return '<button type="button" data-t="' + p + '">' + x(p) + '</button>';
    }).join('') +
    '</div>';
  var output = document.getElementById('target');
  function setTarget(value) {
    target = Math.max(data.minTarget, Math.min(data.maxTarget, Math.round(value)));
    output.textContent = x(target);
    try {
      localStorage.setItem('demo-crash-target', String(target));
    } catch (e) {
      /* ignore */
    }
  }
  function step(direction) {
    var size = target < 200 ? 10 : target < 1000 ? 50 : target < 10000 ? 500 : 5000;
    if (!D.isBusy()) setTarget(target + direction * size);
  }
  document.getElementById('less').addEventListener('click', function () {
    step(-1);
  });
  document.getElementById('more').addEventListener('click', function () {
    step(1);
  });
  Array.prototype.forEach.call(document.querySelectorAll('[data-t]'), function (b) {
    b.addEventListener('click', function () {
      if (!D.isBusy()) setTarget(Number(b.getAttribute('data-t')));
    });
  });
  setTarget(target);

  function place(progress, value) {
    var px = 24 + progress * (size.w - 70);
    var py = size.h - 24 - Math.min(1, Math.log(value / 100) / Math.log(20)) * (size.h * 0.55) - progress * size.h * 0.1;
    rocket.setAttribute('transform', 'translate(' + px.toFixed(1) + ' ' + py.toFixed(1) + ')');
    trail.setAttribute('d', trail.getAttribute('d') + ' L' + px.toFixed(1) + ' ' + py.toFixed(1));
  }
  function reset() {
    measure();
    trail.setAttribute('d', 'M24 ' + (size.h - 24));
    place(0, 100);
  }
  reset();

  D.register({
    playLabel: 'launch',
    choice: function () {
      return { target: target };
    },
    start: function () {
      mult.className = 'multiplier';
      mult.textContent = x(100);
      reset();
    },
    animate: function (answer) {
      var crash = answer.result.crash;
      var duration = Math.min(3000, 500 + 700 * Math.log(crash / 100 + 1));
      return new Promise(function (resolve) {
        var begin = performance.now();
        function frame(now) {
          var t = Math.max(0, Math.min(1, (now - begin) / duration));
          var value = Math.round(100 * Math.pow(crash / 100, t));
          mult.textContent = x(value);
          if (answer.result.won && value >= answer.result.target) mult.className = 'multiplier won';
          place(t, value);
          if (t < 1) return requestAnimationFrame(frame);
          mult.textContent = x(crash);
          if (!answer.result.won) mult.className = 'multiplier lost';
          resolve();
        }
        requestAnimationFrame(frame);
      });
    },
    announce: function (answer) {
      var r = answer.result;
      if (r.won) D.message(D.format('cashedOut', { x: x(r.target) }) + ' \u2014 ' + D.format('win', { amount: D.money(answer.payout) }), 'win');
      else D.message(D.format('crashed', { x: x(r.crash) }), 'lose');
    },
  });
})();
