// explorer model editor (views/models/editor.templ): every structure form
// sends the version the page now shows; Backspace in an empty term box
// removes the topic's last term; after a swap the focus goes back to where
// the person was working (the term box, the moved button), and a refused
// form's message takes the focus. Without JavaScript the forms post
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
    if (holder && inEditor(evt.detail.elt)) {
      evt.detail.parameters["version"] = holder.value;
    }
  });

  document.addEventListener("keydown", function (evt) {
    var input = evt.target;
    if (evt.key !== "Backspace" || !input.classList || !input.classList.contains("term-input") || input.value !== "") {
      return;
    }
    var box = input.closest(".chips-edit");
    var buttons = box ? box.querySelectorAll(".chip-remove") : [];
    if (buttons.length > 0) {
      evt.preventDefault();
      buttons[buttons.length - 1].click();
    }
  });

  // The add-group form stays on the page (only the list is swapped): a
  // group added, it is emptied for the next one.
  document.addEventListener("htmx:afterRequest", function (evt) {
    var form = evt.detail.elt;
    if (evt.detail.successful && form && form.id === "add-group") {
      form.reset();
    }
  });

  // refocus is the id of the element to focus after the swap: the form's
  // data-refocus, else the button pressed (a move).
  var refocus = null;
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var form = evt.detail.elt;
    if (!inEditor(form)) {
      return;
    }
    var active = document.activeElement;
    refocus = form.getAttribute("data-refocus") || (active && active.id) || null;
  });

  document.addEventListener("htmx:afterSwap", function (evt) {
    var target = evt.detail.target;
    var id = refocus;
    refocus = null;
    var prev = target && target.previousElementSibling;
    if (prev && prev.classList.contains("editor-error")) {
      prev.focus();
      return;
    }
    var el = id && document.getElementById(id);
    if (el && el.disabled) {
      // A button that moved its row to the end: its partner moves it back.
      var other = id.replace(/-(up|down)$/, function (m, d) { return d === "up" ? "-down" : "-up"; });
      el = document.getElementById(other);
    }
    if (el) {
      el.focus();
    }
  });
})();
