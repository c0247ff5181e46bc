/* Fish Hunter: every shot costs the stake; tap a fish, and a catch pays its multiplier. */
(function () {
  'use strict';
  var D = window.Demo;
  var KINDS = D.config.game.data.fish;
  var LOOK = {
    clownfish: { color: '#ff7043', size: 46 },
    pufferfish: { color: '#ffee58', size: 52 },
    turtle: { color: '#66bb6a', size: 60 },
    ray: { color: '#90a4ae', size: 68 },
    shark: { color: '#78909c', size: 84 },
    octopus: { color: '#ab47bc', size: 74 },
    whale: { color: '#42a5f5', size: 104 },
  };
  function art(kind) {
    var c = LOOK[kind].color;
    if (kind === 'turtle') {
      return (
        '<ellipse cx="50" cy="30" rx="30" ry="20" fill="#2e7d32"/><circle cx="84" cy="30" r="9" fill="' +
        c +
        '"/>' +
        '<ellipse cx="30" cy="48" rx="9" ry="5" fill="' +
        c +
        '"/><ellipse cx="70" cy="48" rx="9" ry="5" fill="' +
        c +
        '"/><circle cx="87" cy="27" r="2" fill="#000"/>'
      );
    }
    if (kind === 'octopus') {
      return (
        '<ellipse cx="50" cy="22" rx="24" ry="20" fill="' +
        c +
        '"/>' +
        [20, 34, 48, 62, 76]
          .map(function (x) {
            return '<path d="M' + x + ' 36 Q' + (x - 6) + ' 50 ' + x + ' 58" stroke="' + c + '" stroke-width="6" fill="none"/>';
          })
          .join('') +
        '<circle cx="42" cy="20" r="4" fill="#fff"/><circle cx="58" cy="20" r="4" fill="#fff"/>'
      );
    }
    if (kind === 'ray') {
      return (
        '<path d="M50 8 L92 32 L50 50 L8 32Z" fill="' +
        c +
        '"/><path d="M50 50 L54 60 L50 58" stroke="' +
        c +
        '" stroke-width="3"/><circle cx="58" cy="26" r="3" fill="#000"/>'
      );
    }
    var body =
      '<ellipse cx="46" cy="30" rx="36" ry="' +
      (kind === 'pufferfish' ? 24 : kind === 'shark' ? 13 : 18) +
      '" fill="' +
      c +
      '"/>' +
      '<path d="M80 30 L98 14 L98 46Z" fill="' +
      c +
      '"/><circle cx="24" cy="26" r="4" fill="#fff"/><circle cx="23" cy="26" r="2" fill="#000"/>';
    if (kind === 'clownfish') body += '<path d="M40 13 L40 47 M58 15 L58 45" stroke="#fff" stroke-width="5"/>';
    if (kind === 'shark') body += '<path d="M44 18 L54 0 L60 18Z" fill="' + c + '"/><path d="M14 36 L28 36" stroke="#fff" stroke-width="2"/>';
    if (kind === 'whale') body += '<path d="M30 10 Q26 0 34 -2" stroke="#e3f2fd" stroke-width="3" fill="none"/>';
    return body;
  }

  var sea = document.createElement('div');
  sea.className = 'sea';
  sea.innerHTML = '<div class="hint">' + D.strings.tapFish + '</div>';
  D.stage.appendChild(sea);

  var swimmers = [];
  function spawn(kind, first) {
    var look = LOOK[kind];
    var multiplier = KINDS.filter(function (k) {
      return k.kind === kind;
    })[0].multiplier;
    var el = document.createElement('button');
    el.type = 'button';
    el.className = 'fish';
    el.setAttribute('aria-label', kind + ' \u00d7' + multiplier);
    el.innerHTML =
      '<svg viewBox="0 -4 100 66" width="' +
      look.size +
      '" height="' +
      Math.round(look.size * 0.66) +
      '">' +
      art(kind) +
      '</svg><span class="tag">\u00d7' +
      multiplier +
      '</span>';
    sea.appendChild(el);
    var width = sea.clientWidth || 360;
    var height = sea.clientHeight || 320;
    var fish = {
      el: el,
      kind: kind,
      leftward: Math.random() < 0.5,
      speed: (24 + Math.random() * 30) * (60 / (look.size + 20)),
      x: 0,
      y: 20 + Math.random() * Math.max(40, height - look.size - 60),
      phase: Math.random() * 6,
      size: look.size,
      busy: false,
    };
    fish.x = first ? Math.random() * width : fish.leftward ? width + 20 : -look.size - 20;
    el.addEventListener('pointerdown', function (event) {
      event.preventDefault();
      shoot(fish, event);
    });
    swimmers.push(fish);
    return fish;
  }
  KINDS.forEach(function (k) {
    spawn(k.kind, true);
  });
  ['clownfish', 'clownfish', 'pufferfish', 'turtle'].forEach(function (k) {
    spawn(k, true);
  });

  var last = performance.now();
  function swim(now) {
    var dt = Math.min(0.05, (now - last) / 1000);
    last = now;
    var width = sea.clientWidth || 360;
    swimmers.forEach(function (fish) {
      if (!fish.busy) {
        fish.x += (fish.leftward ? -1 : 1) * fish.speed * dt;
        fish.phase += dt * 2;
      }
      if (fish.x < -fish.size - 40 || fish.x > width + 40) {
        fish.leftward = !fish.leftward;
        fish.y = 20 + Math.random() * Math.max(40, (sea.clientHeight || 320) - fish.size - 60);
      }
      var bob = Math.sin(fish.phase) * 6;
      fish.el.style.transform = 'translate(' + fish.x.toFixed(1) + 'px,' + (fish.y + bob).toFixed(1) + 'px)' + (fish.leftward ? '' : ' scaleX(-1)');
      fish.el.lastChild.style.transform = fish.leftward ? '' : 'scaleX(-1)';
    });
    requestAnimationFrame(swim);
  }
  requestAnimationFrame(swim);

  function effect(className, text, x, y) {
    var el = document.createElement('div');
    el.className = className;
    if (text) el.textContent = text;
    el.style.left = x + 'px';
    el.style.top = y + 'px';
    sea.appendChild(el);
    setTimeout(function () {
      el.remove();
    }, 1300);
  }

  var current = null;
  function shoot(fish, event) {
    if (D.isBusy() || fish.busy) return;
    var box = sea.getBoundingClientRect();
    var x = event.clientX - box.left;
    var y = event.clientY - box.top;
    current = { fish: fish, x: x, y: y };
    fish.busy = true;
    effect('net', '', x, y);
    D.play({ fish: fish.kind }).then(function () {
      fish.busy = false;
      current = null;
    });
  }

  D.register({
    hidePlay: true,
    abort: function () {
      if (current) current.fish.busy = false;
    },
    animate: function (answer) {
      var shot = current;
      if (!shot) return Promise.resolve();
      if (!answer.result.caught) {
        shot.fish.speed *= 1.8;
        setTimeout(function () {
          shot.fish.speed /= 1.8;
        }, 900);
        return D.wait(250);
      }
      effect('float', '+' + D.money(answer.payout), shot.x - 30, shot.y - 20);
      shot.fish.el.classList.add('caught');
      return D.wait(600).then(function () {
        shot.fish.el.remove();
        swimmers.splice(swimmers.indexOf(shot.fish), 1);
        setTimeout(function () {
          spawn(shot.fish.kind, false);
        }, 800);
      });
    },
    announce: function (answer) {
      if (answer.result.caught) D.message(D.format('caught', { amount: D.money(answer.payout) }), 'win');
      else D.message(D.strings.missed, 'lose');
    },
  });
})();
