// explorer model editor (views/models/editor.templ). Nothing typed is
// lost: a term box is never swapped; Enter takes the entry out of it at
// once and the entries are sent one after the other (a queue), so typing
// goes on while a save is under way; a refused entry comes back into its
// box; removals of terms go through the same queue. Every structure form sends the version the page now shows;
// Backspace in an empty term box removes the topic's last term; a swap
// keeps what was typed in the inputs it replaces and the groups that were
// open; a search result opens its group. Without JavaScript the forms post
// normally and carry the version they were loaded at.
(function () {
  "use strict";

  function inEditor(elt) {
    return !!(elt && elt.closest && elt.closest("#structure, #ignore-terms"));
  }

  // The version of the page moves on with every save (an out-of-band
  // swap of #model-version), so forms that were not swapped stay current.
  document.addEventListener("htmx:configRequest", function (evt) {
    var holder = document.getElementById("model-version");
    if (holder && inEditor(evt.detail.elt) && evt.detail.verb === "post") {
      evt.detail.parameters["version"] = holder.value;
    }
  });

  // --- notices belong to the last action -------------------------------
  // A notice of the model page ("Group saved.", "“x” is already in this
  // topic.") says what the last action did: any later action of the
  // page removes it, and it fades after a while (app.css).
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var elt = evt.detail.elt;
    if (!elt || !elt.closest || !elt.closest("#model")) {
      return;
    }
    document.querySelectorAll("#model .notice[role=status], #model .term-said").forEach(function (n) {
      n.remove();
    });
  });

  // --- the term queue -------------------------------------------------
  var queue = [];
  var busy = false;

  function termBox(topic) {
    return document.getElementById("term-" + topic);
  }

  function pendingList(topic) {
    return document.getElementById("pending-" + topic);
  }

  document.addEventListener("submit", function (evt) {
    var form = evt.target;
    if (!form.matches || !form.matches("form.add-term, form.remove-terms") || !window.htmx) {
      return;
    }
    var topic = form.getAttribute("data-topic");
    if (form.matches("form.remove-terms")) {
      var button = evt.submitter;
      if (!button || button.name !== "term") {
        return;
      }
      evt.preventDefault();
      evt.stopImmediatePropagation();
      var li = button.closest("li");
      li.classList.add("removing");
      queue.push({ topic: topic, remove: button.value, li: li, status: 0 });
      pump();
      return;
    }
    evt.preventDefault();
    evt.stopImmediatePropagation();
    var input = termBox(topic);
    var text = input ? input.value : "";
    if (!text.trim()) {
      return;
    }
    input.value = "";
    var chip = document.createElement("li");
    chip.className = "chip saving";
    chip.textContent = text;
    var list = pendingList(topic);
    if (list) {
      list.appendChild(chip);
    }
    queue.push({ topic: topic, text: text, chip: chip, status: 0 });
    pump();
  }, true);

  // The answer to the entry being sent (one at a time).
  document.addEventListener("htmx:afterRequest", function (evt) {
    var elt = evt.detail.elt;
    if (busy && queue.length > 0 && evt.detail.xhr && elt && elt.matches && elt.matches("form.add-term, form.remove-terms")) {
      queue[0].status = evt.detail.xhr.status;
    }
  });

  // sourceOf is the form an entry is sent through, as the page is now.
  function sourceOf(item) {
    if (item.remove !== undefined) {
      return document.querySelector("#terms-" + item.topic + " form.remove-terms");
    }
    var input = termBox(item.topic);
    return input && input.form;
  }

  function pump() {
    if (busy || queue.length === 0) {
      return;
    }
    var item = queue[0];
    var form = sourceOf(item);
    if (!form) {
      // The topic was removed meanwhile: nothing to change.
      queue.shift();
      if (item.chip) {
        item.chip.remove();
      }
      pump();
      return;
    }
    busy = true;
    var done = function () {
      busy = false;
      queue.shift();
      if (item.chip) {
        item.chip.remove();
      }
      if (item.li) {
        item.li.classList.remove("removing");
      }
      if (item.status !== 200 && item.text !== undefined) {
        giveBack(item);
      }
      pump();
    };
    var values = { term: item.remove !== undefined ? item.remove : item.text };
    window.htmx.ajax("POST", form.getAttribute("hx-post"), {
      source: form, target: "#terms-" + item.topic, swap: "outerHTML", values: values
    }).then(done, done);
  }

  // giveBack puts a refused entry, and those queued after it for the same
  // topic, back into the term box, before what is typed there now.
  function giveBack(item) {
    var texts = [item.text];
    queue = queue.filter(function (q) {
      if (q.topic !== item.topic || q.text === undefined) {
        return true;
      }
      texts.push(q.text);
      q.chip.remove();
      return false;
    });
    var input = termBox(item.topic);
    if (input) {
      if (input.value.trim()) {
        texts.push(input.value);
      }
      input.value = texts.join(", ");
    }
  }

  document.addEventListener("keydown", function (evt) {
    var input = evt.target;
    if (evt.key !== "Backspace" || !input.classList || !input.classList.contains("term-input") || input.value !== "") {
      return;
    }
    var box = input.closest(".chips-edit");
    var buttons = box ? box.querySelectorAll(".terms li.chip:not(.removing) .chip-remove") : [];
    if (buttons.length > 0) {
      evt.preventDefault();
      buttons[buttons.length - 1].click();
    }
  });

  // --- swaps keep what was typed and what was open ---------------------
  // typed holds, for the swap under way, the values typed in the inputs
  // it replaces (by id), the open groups and the focused element.
  var typed = null;
  var refocus = null;

  document.addEventListener("htmx:beforeRequest", function (evt) {
    var form = evt.detail.elt;
    if (!inEditor(form) || (form.matches && form.matches("form.add-term"))) {
      return;
    }
    var active = document.activeElement;
    refocus = form.getAttribute("data-refocus") || (active && active.id) || null;
  });

  function kept(evt) {
    var target = evt.detail.target;
    if (!inEditor(target)) {
      return null;
    }
    var status = evt.detail.xhr ? evt.detail.xhr.status : 200;
    var sent = status === 200 ? evt.detail.requestConfig && evt.detail.requestConfig.elt : null;
    var rec = { values: {}, open: [], focus: document.activeElement && document.activeElement.id };
    target.querySelectorAll("input[id]:not([type=hidden]):not([type=checkbox])").forEach(function (input) {
      if (input.value !== input.defaultValue && !(sent && sent.contains(input))) {
        rec.values[input.id] = input.value;
      }
    });
    target.querySelectorAll("details.group[open]").forEach(function (d) {
      rec.open.push(d.id);
    });
    if (target.matches("details.group[open]")) {
      rec.open.push(target.id);
    }
    if (status === 422 || status === 200) {
      // A new refusal replaces the older ones; a save ends them.
      document.querySelectorAll("#structure .editor-error").forEach(function (e) {
        e.remove();
      });
    }
    return rec;
  }
  document.addEventListener("htmx:beforeSwap", function (evt) {
    typed = kept(evt);
  });

  // loadBody fetches the body of an open group when htmx did not (its
  // hx-trigger, toggle once, was seen to miss the toggle of a group opened
  // while another group's body was being swapped in).
  // Only the placeholder seen now is fetched (not one put back since, the
  // body far out of view); with nearOnly, not while the group is far out
  // of view (it loads when it comes near, farAway).
  function loadBody(d, nearOnly) {
    var stub = d.querySelector(":scope > .group-body[hx-get]");
    window.setTimeout(function () {
      if (stub && stub.parentNode === d && (!nearOnly || !farAway.has(d))) {
        fetchBody(d);
      }
    }, 100);
  }

  // fetchBody fetches the body of an open group that has its placeholder
  // and is not already asking for it; with nearOnly, a body that arrives
  // when the group is far out of view again is given back at once.
  function fetchBody(d, nearOnly) {
    var body = d.isConnected && d.open && d.querySelector(":scope > .group-body[hx-get]");
    if (!body || body.classList.contains("htmx-request") || !window.htmx) {
      return;
    }
    var asked = window.htmx.ajax("GET", body.getAttribute("hx-get"), { source: body, target: body, swap: "outerHTML" });
    if (nearOnly && asked && asked.then) {
      asked.then(function () {
        if (farAway.has(d)) {
          shelveBody(d);
        }
      });
    }
  }

  // Groups reopened by a swap are open again once it settled (htmx's
  // settling puts the attributes of the old element on the new one for a
  // while, "open" among them), their bodies fetched when htmx did not
  // (loadBody).
  var reopened = [];
  document.addEventListener("htmx:afterSettle", function () {
    var ids = reopened;
    reopened = [];
    ids.forEach(function (k) {
      var d = document.getElementById(k);
      if (!d) {
        return;
      }
      d.open = true;
      loadBody(d, true);
    });
  });

  // restore puts back, after a swap, what kept kept.
  function restore(keep) {
    if (keep) {
      Object.keys(keep.values).forEach(function (k) {
        var input = document.getElementById(k);
        if (input && input.value === input.defaultValue) {
          input.value = keep.values[k];
        }
      });
      keep.open.forEach(function (k) {
        var d = document.getElementById(k);
        if (d && !d.open) {
          d.open = true;
        }
      });
      reopened = reopened.concat(keep.open);
    }
    return keep;
  }

  // Groups others changed, refreshed out of band after a merged change,
  // keep what was typed in them and stay open.
  var oobTyped = null;
  document.addEventListener("htmx:oobBeforeSwap", function (evt) {
    oobTyped = kept(evt);
  });
  document.addEventListener("htmx:oobAfterSwap", function () {
    var keep = restore(oobTyped);
    oobTyped = null;
    var active = document.activeElement;
    if (keep && keep.focus && (!active || active === document.body)) {
      var el = document.getElementById(keep.focus);
      if (el) {
        el.focus();
      }
    }
  });

  // swappedIn reports whether el is in what replaced target (an outerHTML
  // swap leaves target detached; its replacement has its id).
  function swappedIn(target, el) {
    var now = target && (target.isConnected ? target : target.id && document.getElementById(target.id));
    return !!now && now.contains(el);
  }

  document.addEventListener("htmx:afterSwap", function (evt) {
    var keep = restore(typed);
    typed = null;
    var id = refocus || (keep && keep.focus) || null;
    refocus = null;
    var alert = document.querySelector("#structure .editor-error");
    if (alert && evt.detail.xhr && evt.detail.xhr.status === 422) {
      alert.focus();
      return;
    }
    var active = document.activeElement;
    // The focus is lost when it is nowhere, or in the new part (app.js
    // focuses its notice): then it goes back to where the person was.
    var lost = !active || active === document.body || !document.body.contains(active) ||
      swappedIn(evt.detail.target, active);
    var el = lost && id && document.getElementById(id);
    if (el && el.disabled) {
      // A button that moved its row to the end: its partner moves it back.
      var other = id.replace(/-(up|down)$/, function (m, d) { return d === "up" ? "-down" : "-up"; });
      el = document.getElementById(other);
    }
    if (el) {
      el.focus();
    }
  });

  // The add-group form stays on the page (only the list is swapped): a
  // group added, it is emptied for the next one.
  document.addEventListener("htmx:afterRequest", function (evt) {
    var form = evt.detail.elt;
    if (evt.detail.xhr && evt.detail.xhr.status === 200 && form && form.id === "add-group") {
      form.reset();
    }
  });

  // --- one group at a time ----------------------------------------------
  // The person's choice, kept in this browser (localStorage): opening a
  // group closes the others. Else every group stays open and the page
  // renders only those in view (app.css, content-visibility), the bodies
  // of those far out of view given back (below).
  var oneKey = "explorer.editor.open";
  function oneAtATime() {
    try {
      return window.localStorage.getItem(oneKey) === "one";
    } catch (e) {
      return false;
    }
  }
  function showOneChoice() {
    var box = document.getElementById("one-group");
    if (!box) {
      return;
    }
    box.checked = oneAtATime();
    box.closest(".one-group").hidden = false;
  }
  document.addEventListener("DOMContentLoaded", showOneChoice);
  document.addEventListener("change", function (evt) {
    if (evt.target.id !== "one-group") {
      return;
    }
    try {
      window.localStorage.setItem(oneKey, evt.target.checked ? "one" : "all");
    } catch (e) {
      // No storage: the choice lasts as long as the page.
    }
    oneChoice = evt.target.checked;
  });
  var oneChoice = null;
  // Only a group the person opens (its title clicked or a search match
  // followed) closes the others, not those a page or a swap shows open.
  document.addEventListener("click", function (evt) {
    var summary = evt.target.closest && evt.target.closest("details.group > summary");
    if (summary) {
      summary.parentElement.setAttribute("data-opening", "");
    }
  }, true);
  document.addEventListener("toggle", function (evt) {
    var d = evt.target;
    if (!d.matches || !d.matches("details.group")) {
      return;
    }
    if (d.open && d.querySelector(":scope > .group-body[data-far]")) {
      fetchBody(d);
    } else if (d.open) {
      loadBody(d);
    } else {
      // After this toggle: the placeholder's htmx trigger, set up now,
      // would hear this very event and load the body again.
      window.setTimeout(function () {
        dropBody(d);
      }, 0);
    }
    var opening = d.hasAttribute("data-opening");
    d.removeAttribute("data-opening");
    if (!d.open || !opening) {
      return;
    }
    if (oneChoice === null) {
      oneChoice = oneAtATime();
    }
    if (!oneChoice) {
      return;
    }
    // The group opened stays where it was clicked: the page does not
    // keep it there (no scroll anchoring) when groups above it close.
    var top = d.getBoundingClientRect().top;
    document.querySelectorAll("#groups details.group[open]").forEach(function (other) {
      if (other !== d) {
        other.open = false;
      }
    });
    var moved = d.getBoundingClientRect().top - top;
    if (moved !== 0) {
      window.scrollBy(0, moved);
    }
  }, true);

  // --- a closed group's fields leave the page ---------------------------
  // Chrome's autofill reads every text field of the page again 100 ms
  // after a form or field is added (a group body swapped in), in one task
  // that grows with the fields (about 0.25 ms each, 880 fields with forty
  // groups open): a closed group gives its body back for the placeholder
  // that loads it when opened, unless something in it is typed, focused,
  // being sent or waiting in the term queue.
  function untouched(body) {
    if (body.querySelector(".htmx-request, .chip.saving, .removing") || body.contains(document.activeElement)) {
      return false;
    }
    var fields = body.querySelectorAll("input:not([type=hidden])");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.value !== f.defaultValue || f.checked !== f.defaultChecked) {
        return false;
      }
    }
    return !queue.some(function (item) {
      var box = termBox(item.topic);
      return box && body.contains(box);
    });
  }

  // givable is the body of group d, open or closed as open says, when it
  // may leave the page: loaded, untouched, and the group able to load it.
  function givable(d, open) {
    var body = d.querySelector(":scope > .group-body");
    if (d.open !== open || !body || body.hasAttribute("hx-get") || !d.getAttribute("data-body") || !window.htmx || !untouched(body)) {
      return null;
    }
    return body;
  }

  // placeholder is what stands for the body of group d: the link of the
  // page that shows it open, with words said of it.
  function placeholder(d, words) {
    var stub = document.createElement("div");
    stub.className = "group-body";
    stub.setAttribute("hx-get", d.getAttribute("data-body"));
    stub.setAttribute("hx-swap", "outerHTML");
    var link = document.createElement("a");
    link.href = d.getAttribute("data-open") || d.getAttribute("data-body");
    var title = d.querySelector("summary h3");
    link.textContent = words + (title && title.firstChild ? title.firstChild.textContent.trim() : "this group");
    stub.appendChild(link);
    return stub;
  }

  function dropBody(d) {
    var body = givable(d, false);
    if (!body) {
      return;
    }
    var stub = placeholder(d, "Show the topics of ");
    stub.setAttribute("hx-trigger", "toggle once from:closest details");
    body.replaceWith(stub);
    window.htmx.process(stub);
  }

  // --- open groups far out of view give their fields back ---------------
  // With every group left open, the text fields would still grow with the
  // groups opened. An open group whose box is more than two viewport
  // heights from the view gives its body back, under the same condition
  // as a closed one, for a placeholder of the same height (so that nothing
  // moves) that says it is loading (aria-busy) and has no htmx trigger:
  // the group stays open, and its body is fetched again once the group
  // comes within one viewport height of the view (farther than it gives
  // back, so a group at the edge does not come and go). farAway holds the
  // groups seen beyond two viewport heights.
  var farAway = new WeakSet();

  function shelveBody(d) {
    var body = givable(d, true);
    if (!body) {
      return;
    }
    var stub = placeholder(d, "Loading the topics of ");
    stub.setAttribute("data-far", "");
    stub.setAttribute("aria-busy", "true");
    var height = body.offsetHeight;
    if (height > 0) {
      stub.style.height = height + "px";
    }
    body.replaceWith(stub);
  }

  // latest keeps the last of the entries of each group: a late callback
  // holds those of several frames, the first ones stale.
  // A group swapped out of the page is no longer watched.
  function latest(entries) {
    var last = new Map();
    entries.forEach(function (e) {
      last.set(e.target, e);
    });
    return Array.from(last.values()).filter(function (e) {
      if (!e.target.isConnected) {
        nearView.unobserve(e.target);
        farView.unobserve(e.target);
        return false;
      }
      return true;
    });
  }

  var watched = new WeakSet();
  var nearView = null;
  var farView = null;
  function watchGroups() {
    if (!("IntersectionObserver" in window)) {
      return;
    }
    if (!nearView) {
      nearView = new IntersectionObserver(function (entries) {
        latest(entries).forEach(function (e) {
          if (e.isIntersecting) {
            farAway.delete(e.target);
            fetchBody(e.target, true);
          }
        });
      }, { rootMargin: "100% 0px" });
      farView = new IntersectionObserver(function (entries) {
        latest(entries).forEach(function (e) {
          if (e.isIntersecting) {
            farAway.delete(e.target);
          } else {
            farAway.add(e.target);
            shelveBody(e.target);
          }
        });
      }, { rootMargin: "200% 0px" });
    }
    document.querySelectorAll("#groups details.group").forEach(function (d) {
      if (!watched.has(d)) {
        watched.add(d);
        nearView.observe(d);
        farView.observe(d);
      }
    });
  }
  document.addEventListener("DOMContentLoaded", watchGroups);
  document.addEventListener("htmx:afterSettle", watchGroups);
  document.addEventListener("htmx:oobAfterSwap", watchGroups);

  // --- search results open their group ---------------------------------
  document.addEventListener("click", function (evt) {
    var link = evt.target.closest && evt.target.closest("#search-results a[data-group]");
    if (!link) {
      return;
    }
    var group = document.getElementById("group-" + link.getAttribute("data-group"));
    if (!group) {
      return;
    }
    evt.preventDefault();
    var topic = link.getAttribute("data-topic");
    var show = function () {
      var el = (topic !== "0" && document.getElementById("topic-" + topic)) || group;
      el.scrollIntoView({ block: "start" });
      var focus = (topic !== "0" && termBox(topic)) || group.querySelector("summary");
      if (focus) {
        focus.focus({ preventScroll: true });
      }
      el.classList.add("found");
    };
    if (group.open && !group.querySelector(".group-body[hx-get]")) {
      show();
      return;
    }
    group.addEventListener("htmx:afterSettle", function once() {
      group.removeEventListener("htmx:afterSettle", once);
      show();
    });
    group.setAttribute("data-opening", "");
    var far = group.open || group.querySelector(":scope > .group-body[data-far]");
    group.open = true;
    if (far) {
      // A placeholder without an htmx trigger (far out of view).
      fetchBody(group);
    }
  });
})();
