/* The shell every demo game shares: settings, strings, balance, stake chips, the play call. */
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('config').textContent);
  var S = config.strings;
  var $ = function (id) {
    return document.getElementById(id);
  };
  var balance = null;
  var busy = false;
  var stakeIndex = Math.min(3, config.stakes.length - 1);
  try {
    var saved = Number(localStorage.getItem('demo-stake'));
    if (config.stakes.indexOf(saved) >= 0) stakeIndex = config.stakes.indexOf(saved);
  } catch (e) {
    /* storage may be blocked inside a frame */
  }

  document.querySelectorAll('[data-s]').forEach(function (el) {
    el.textContent = S[el.getAttribute('data-s')] || '';
  });

  /** Amount in 1/100000 units as text with two decimals, never through a float of money. */
  function amount(units) {
    var negative = units < 0;
    var value = Math.abs(Math.trunc(units));
    var whole = Math.floor(value / 100000);
    var cents = Math.floor((value % 100000) / 1000);
    return (negative ? '-' : '') + whole.toLocaleString('en-US') + '.' + (cents < 10 ? '0' : '') + cents;
  }
  /** An amount in the session's currency, named by its code (USDT, TRX): the player's own money, not dollars. */
  function money(units) {
    return amount(units) + ' ' + config.currency;
  }
  function format(key, values) {
    return (S[key] || key).replace(/\{(\w+)\}/g, function (_, name) {
      return values && name in values ? '\u2066' + values[name] + '\u2069' : '';
    });
  }
  function showBalance(value) {
    if (typeof value === 'number') balance = value;
    $('balance').textContent = balance === null ? '\u2014' : money(balance);
  }
  function message(text, kind) {
    var el = $('message');
    el.textContent = text || '';
    el.className = 'message' + (kind ? ' ' + kind : '');
  }
  function tellParent(data) {
    if (window.parent !== window) {
      data.source = 'demo-aggregator';
      try {
        window.parent.postMessage(data, '*');
      } catch (e) {
        /* ignore */
      }
    }
  }
  function post(path, body) {
    return fetch('../api/' + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(
      function (response) {
        return response.json().catch(function () {
          return { ok: false, error: 'network' };
        });
      },
      function () {
        return { ok: false, error: 'network' };
      },
    );
  }
  function errorText(answer) {
    switch (answer && answer.error) {
      case 'not_enough_money':
        return S.notEnough;
      case 'round_cancelled':
        return S.cancelled;
      case 'session_expired':
        return S.expired;
      case 'refused':
        return S.refused;
      default:
        return S.network;
    }
  }
  function refreshBalance() {
    return post('balance', { token: config.token }).then(function (answer) {
      if (answer.ok) {
        showBalance(answer.balance);
        tellParent({ type: 'balance', balance: answer.balance, currency: answer.currency });
      } else if (answer.error === 'session_expired') message(S.expired, 'error');
      return answer;
    });
  }

  // stake chips
  var chips = $('stakes');
  config.stakes.forEach(function (stake, index) {
    var chip = document.createElement('button');
    chip.type = 'button';
    chip.className = 'chip' + (index === stakeIndex ? ' on' : '');
    chip.textContent = amount(stake).replace(/\.00$/, '');
    chip.addEventListener('click', function () {
      if (busy) return;
      stakeIndex = index;
      try {
        localStorage.setItem('demo-stake', String(stake));
      } catch (e) {
        /* ignore */
      }
      Array.prototype.forEach.call(chips.children, function (c, i) {
        c.classList.toggle('on', i === index);
      });
    });
    chips.appendChild(chip);
  });

  // Inside the operator's page, under its own bar: no second bar, the way out and the balance float
  // over the top of the stage instead.
  if (window.parent !== window) document.body.classList.add('framed');
  if (window.parent === window && !config.lobbyUrl) $('lobby').classList.add('hidden');
  // Inside a frame the host page decides how to leave (it hears the message); alone, go to the lobby URL.
  $('lobby').addEventListener('click', function () {
    if (window.parent !== window) tellParent({ type: 'lobby' });
    else if (config.lobbyUrl) window.location.href = config.lobbyUrl;
  });

  var game = null;
  var playButton = $('play');

  /**
   * Plays one round: the stake is shown as taken at once, the game animates the server's result,
   * then the balance the wallet reported after the win is shown.
   */
  function play(choice) {
    if (busy) return Promise.resolve(null);
    var stake = config.stakes[stakeIndex];
    if (balance !== null && balance < stake) {
      message(S.notEnough, 'error');
      return Promise.resolve(null);
    }
    busy = true;
    playButton.disabled = true;
    message('');
    if (balance !== null) $('balance').textContent = money(balance - stake);
    var started = game.start ? game.start(choice) : null;
    return post('play', { token: config.token, game_code: config.game.code, stake: stake, choice: choice })
      .then(function (answer) {
        if (!answer.ok) {
          if (game.abort) game.abort(answer);
          if (typeof answer.balance === 'number') showBalance(answer.balance);
          else showBalance();
          message(errorText(answer), 'error');
          if (answer.error !== 'not_enough_money') refreshBalance();
          return answer;
        }
        return Promise.resolve(started)
          .then(function () {
            return game.animate(answer);
          })
          .then(function () {
            if (typeof answer.balance === 'number') {
              showBalance(answer.balance);
              tellParent({ type: 'balance', balance: answer.balance, currency: answer.currency });
            } else {
              showBalance();
              refreshBalance();
            }
            if (game.announce) game.announce(answer);
            else if (answer.payout > 0) message(format('win', { amount: money(answer.payout) }), 'win');
            else message(S.noWin, 'lose');
            if (answer.payout > 0 && answer.balance === null) message(S.pending, 'win');
            return answer;
          });
      })
      .then(
        function (answer) {
          busy = false;
          playButton.disabled = false;
          return answer;
        },
        function () {
          busy = false;
          playButton.disabled = false;
          message(S.network, 'error');
          return null;
        },
      );
  }

  window.Demo = {
    config: config,
    strings: S,
    money: money,
    format: format,
    message: message,
    stage: $('stage'),
    options: $('options'),
    play: play,
    isBusy: function () {
      return busy;
    },
    stake: function () {
      return config.stakes[stakeIndex];
    },
    /** A game registers once: {playLabel, choice(), animate(answer) -> Promise, start?, abort?, announce?, hidePlay?}. */
    register: function (definition) {
      game = definition;
      playButton.textContent = S[definition.playLabel || 'play'];
      if (definition.hidePlay) playButton.classList.add('hidden');
      playButton.addEventListener('click', function () {
        play(game.choice ? game.choice() : {});
      });
      refreshBalance();
    },
    wait: function (ms) {
      return new Promise(function (resolve) {
        setTimeout(resolve, ms);
      });
    },
    svg: function (markup, width, height) {
      return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + width + ' ' + height + '">' + markup + '</svg>';
    },
  };
})();
