// explorer pages: feedback for every htmx form, confirmation of plain
// forms, and signing in again when a session expired during a save.
// Without JavaScript every form posts normally and the page comes back.
(function () {
  "use strict";

  // The element a message about a request belongs next to: its form.
  function formOf(elt) {
    return (elt && elt.closest && elt.closest("form")) || elt;
  }

  function clearError(form) {
    var prev = form && form.previousElementSibling;
    if (prev && prev.classList.contains("app-error")) {
      prev.remove();
    }
  }

  // focusOn moves the focus (and the view) to a message.
  function focusOn(el) {
    if (!el.hasAttribute("tabindex")) {
      el.setAttribute("tabindex", "-1");
    }
    el.focus();
  }

  // showError puts a message right before the form, as an alert, and
  // moves the focus there. The form and what was typed stay.
  function showError(elt, text) {
    var form = formOf(elt);
    clearError(form);
    var p = document.createElement("p");
    p.className = "error app-error";
    p.setAttribute("role", "alert");
    p.textContent = text;
    form.parentNode.insertBefore(p, form);
    focusOn(p);
    return p;
  }

  // messageOf reads the message of an error page answered by the server.
  function messageOf(xhr) {
    try {
      var doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
      var el = doc.querySelector("main [role=alert]");
      return el ? el.textContent.trim() : "";
    } catch (e) {
      return "";
    }
  }

  document.addEventListener("htmx:beforeRequest", function (evt) {
    clearError(formOf(evt.detail.elt));
  });

  document.addEventListener("htmx:responseError", function (evt) {
    var xhr = evt.detail.xhr;
    var elt = evt.detail.elt;
    if (xhr.status === 401) {
      signIn(elt);
      return;
    }
    var msg = messageOf(xhr);
    if (xhr.status >= 500) {
      msg = "The server could not do this (error " + xhr.status + "). Nothing you typed is lost: try again in a moment.";
    } else if (!msg) {
      msg = "This was refused (error " + xhr.status + "). Nothing you typed is lost.";
    }
    showError(elt, msg);
  });

  function offline(evt) {
    showError(evt.detail.elt, "No answer from the server: check the connection and try again. Nothing you typed is lost.");
  }
  document.addEventListener("htmx:sendError", offline);
  document.addEventListener("htmx:timeout", offline);

  // After a swap the focus goes to the new message (success or error),
  // so that the page shows it instead of jumping elsewhere. It happens
  // right after the swap (not after settling), so that it never takes the
  // focus from an input the person moved to meanwhile.
  var swapped = null;
  document.addEventListener("htmx:beforeSwap", function (evt) {
    swapped = evt.detail.target && evt.detail.target.id;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var root = swapped && document.getElementById(swapped);
    swapped = null;
    if (!root) {
      return;
    }
    var msg = root.querySelector(".error[role=alert], .notice[role=status]");
    if (msg) {
      focusOn(msg);
    }
  });

  // A table wider than the screen scrolls inside itself (see app.css);
  // it then takes the keyboard focus, so that it can be scrolled with the
  // arrow keys.
  // After a swap only what it settled is looked at: reading a table's
  // width lays it out, and a large model's editor holds hundreds of them
  // (an opened group cost 300 ms more when every table of the page was
  // read again).
  function scrollables(evt) {
    var root = document.querySelector("main");
    if (!root) {
      return;
    }
    var elt = evt && evt.type === "htmx:afterSettle" && evt.target;
    if (elt && elt.isConnected && elt.closest && root.contains(elt)) {
      root = elt;
    }
    var tables = Array.prototype.slice.call(root.querySelectorAll("table"));
    if (root.matches("table")) {
      tables.push(root);
    }
    labelCells(tables);
    tables.forEach(function (table) {
      var wide = table.scrollWidth > table.clientWidth + 1;
      if (wide && !table.hasAttribute("tabindex")) {
        table.setAttribute("tabindex", "0");
        table.setAttribute("data-scrolls", "");
      } else if (!wide && table.hasAttribute("data-scrolls")) {
        table.removeAttribute("tabindex");
        table.removeAttribute("data-scrolls");
      }
    });
    tables.forEach(scrollHint);
    root.querySelectorAll(".scroll").forEach(scrollHint);
    if (root.matches(".scroll")) {
      scrollHint(root);
    }
  }

  // Phone (issue 35 item 3). A box that scrolls sideways (a wide table,
  // a .scroll region) sits in a .scroll-frame: a "scroll →" cue above it
  // and a fade on its right edge (app.css) while it is not scrolled to
  // its end (.more); both go at the end.
  function scrollHint(box) {
    var overflow = getComputedStyle(box).overflowX;
    var scrolls = (overflow === "auto" || overflow === "scroll") && box.scrollWidth > box.clientWidth + 1;
    var frame = box.parentElement;
    if (!frame.classList.contains("scroll-frame")) {
      if (!scrolls) {
        return;
      }
      frame = document.createElement("div");
      frame.className = "scroll-frame";
      var cue = document.createElement("span");
      cue.className = "scroll-cue";
      cue.setAttribute("aria-hidden", "true");
      cue.textContent = "scroll →";
      box.parentNode.insertBefore(frame, box);
      frame.appendChild(cue);
      frame.appendChild(box);
    }
    if (!box.hasAttribute("data-hint")) {
      box.setAttribute("data-hint", "");
      box.addEventListener("scroll", function () { hintState(box); }, { passive: true });
    }
    hintState(box);
  }

  function hintState(box) {
    var frame = box.parentElement;
    var overflow = getComputedStyle(box).overflowX;
    var scrolls = (overflow === "auto" || overflow === "scroll") && box.scrollWidth > box.clientWidth + 1;
    frame.classList.toggle("scrolls", scrolls);
    frame.classList.toggle("more", scrolls && box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
  }

  // Phone (issue 35 item 3). On a phone a table with actions is a list of
  // cards, each cell labelled by its column (app.css); a cell without a
  // data-label of its own takes its column header's text.
  function labelCells(tables) {
    tables.forEach(function (table) {
      if (table.classList.contains("stack")) {
        return;
      }
      var head = table.tHead && table.tHead.rows[0];
      if (!head) {
        return;
      }
      var names = [];
      Array.prototype.forEach.call(head.cells, function (th) {
        // A header read only by screen readers labels nothing on screen.
        var name = th.textContent;
        th.querySelectorAll(".visually-hidden").forEach(function (h) { name = name.replace(h.textContent, ""); });
        for (var i = 0; i < th.colSpan; i++) {
          names.push(name.trim());
        }
      });
      Array.prototype.forEach.call(table.tBodies, function (body) {
        Array.prototype.forEach.call(body.rows, function (row) {
          var col = 0;
          Array.prototype.forEach.call(row.cells, function (cell) {
            if (!cell.hasAttribute("data-label") && names[col]) {
              cell.setAttribute("data-label", names[col]);
            }
            col += cell.colSpan;
          });
        });
      });
    });
  }
  document.addEventListener("DOMContentLoaded", scrollables);
  document.addEventListener("htmx:afterSettle", scrollables);
  window.addEventListener("resize", scrollables);

  // Copy buttons (data-copy names the element whose text they copy) are
  // shown only here, with JavaScript; a status next to them says what
  // happened. Without the clipboard interface the text is selected and
  // copied the old way.
  function showCopyButtons() {
    document.querySelectorAll("button[data-copy][hidden]").forEach(function (b) {
      b.hidden = false;
    });
  }
  document.addEventListener("DOMContentLoaded", showCopyButtons);
  document.addEventListener("htmx:afterSettle", showCopyButtons);

  function copyOld(el) {
    var range = document.createRange();
    range.selectNodeContents(el);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    var ok = document.execCommand("copy");
    return ok ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("button[data-copy]");
    if (!button) {
      return;
    }
    var el = document.getElementById(button.getAttribute("data-copy"));
    var status = button.nextElementSibling;
    if (!el) {
      return;
    }
    var text = el.innerText.trim();
    var done = navigator.clipboard && window.isSecureContext ? navigator.clipboard.writeText(text).catch(function () { return copyOld(el); }) : copyOld(el);
    done.then(function () {
      if (status) { status.textContent = "Copied."; }
    }, function () {
      if (status) { status.textContent = "Copying was refused: select the text and copy it by hand."; }
    });
  });

  // A bar of checkboxes (issue 35, item 5: .model-bar, data-boxes names
  // its boxes): "Select all" and "Select none" are shown here, with
  // JavaScript, and the count of the boxes ticked follows every change.
  function countKept(bar) {
    var boxes = document.querySelectorAll(bar.getAttribute("data-boxes"));
    var n = 0;
    boxes.forEach(function (b) {
      if (b.checked) {
        n++;
      }
    });
    var out = bar.querySelector("[data-kept]");
    if (out) {
      out.textContent = n + " of " + boxes.length + (boxes.length === 1 ? " topic" : " topics") + " kept";
    }
  }
  function showBars() {
    document.querySelectorAll(".model-bar[data-boxes]").forEach(function (bar) {
      var choice = bar.querySelector(".select-topics[hidden]");
      if (choice) {
        choice.hidden = false;
      }
      countKept(bar);
    });
  }
  document.addEventListener("DOMContentLoaded", showBars);
  document.addEventListener("htmx:afterSettle", showBars);
  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest(".model-bar button[data-check]");
    if (!button) {
      return;
    }
    var bar = button.closest(".model-bar");
    var on = button.getAttribute("data-check") === "all";
    document.querySelectorAll(bar.getAttribute("data-boxes")).forEach(function (b) {
      b.checked = on;
    });
    countKept(bar);
  });
  document.addEventListener("change", function (evt) {
    var box = evt.target;
    document.querySelectorAll(".model-bar[data-boxes]").forEach(function (bar) {
      if (box.matches && box.matches(bar.getAttribute("data-boxes"))) {
        countKept(bar);
      }
    });
  });

  // Plain forms (no htmx) ask for confirmation through data-confirm;
  // htmx forms use hx-confirm, which htmx asks itself.
  document.addEventListener("submit", function (evt) {
    var form = evt.target;
    var msg = form.getAttribute && form.getAttribute("data-confirm");
    if (!msg || form.matches("[hx-post],[hx-put],[hx-patch],[hx-delete]")) {
      return;
    }
    if (!window.confirm(msg)) {
      evt.preventDefault();
      evt.stopImmediatePropagation();
    }
  }, true);

  // signIn shows a sign-in dialog after the session expired during a
  // request from elt. Signing in keeps the page and what was typed; the
  // page's CSRF tokens are replaced with the new session's.
  function signIn(elt) {
    var note = showError(elt, "Your session has ended. Sign in again; nothing you typed is lost.");
    var dialog = document.getElementById("signin-dialog");
    if (!dialog) {
      return;
    }
    var form = dialog.querySelector("form");
    var msg = dialog.querySelector(".signin-message");
    msg.textContent = "";
    form.onsubmit = function (e) {
      e.preventDefault();
      renewSession(form).then(function () {
        dialog.close();
        note.className = "notice app-error";
        note.setAttribute("role", "status");
        note.textContent = "You are signed in again. Your input is still here: send the form again.";
        focusOn(note);
      }, function (err) {
        msg.textContent = err.message;
        focusOn(msg);
      });
    };
    dialog.showModal();
  }

  function parse(text) {
    return new DOMParser().parseFromString(text, "text/html");
  }

  // renewSession signs in through the sign-in page (its double-submit
  // token first) and adopts the new session's CSRF token.
  function renewSession(form) {
    var next = window.location.pathname + window.location.search;
    return fetch("/login", { credentials: "same-origin" }).then(function (r) {
      return r.text();
    }).then(function (text) {
      var token = parse(text).querySelector("form[action='/login'] input[name=_csrf]");
      var body = new URLSearchParams();
      body.set("_csrf", token ? token.value : "");
      body.set("next", next);
      body.set("username", form.elements.username.value);
      body.set("password", form.elements.password.value);
      return fetch("/login", { method: "POST", body: body, credentials: "same-origin" });
    }).then(function (r) {
      return r.text().then(function (text) {
        var doc = parse(text);
        var headers = doc.body && doc.body.getAttribute("hx-headers");
        if (!r.ok || !headers) {
          var err = doc.querySelector("main [role=alert]");
          throw new Error(err ? err.textContent.trim() : "Signing in failed (error " + r.status + ").");
        }
        var csrf = JSON.parse(headers)["X-CSRF-Token"];
        document.body.setAttribute("hx-headers", headers);
        document.querySelectorAll("input[name=_csrf]").forEach(function (input) {
          input.value = csrf;
        });
        form.elements.password.value = "";
      });
    });
  }
})();
