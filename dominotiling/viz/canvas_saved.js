// The drawing canvas in a saved page (an exported notebook): drawn from its saved widget state.
//
// Inlined by dominotiling.viz.drawing_state.static_html into the output a saved notebook keeps
// beside the widget (the picture of the last drawing). In a live notebook it does nothing: the
// widget itself runs there, and no saved widget state is in the page. In a page exported with
// the widget state (`jupyter nbconvert --to html` of a notebook saved with it), it finds the
// canvas's saved model by its id, imports the canvas's own ES module from the state's `_esm`
// (a Blob URL: no network, no CDN) and renders it in place of the picture, on a model that
// lives in the page. The drawing then works as in the notebook; its answers are the ones the
// kernel computed for the saved drawing, and a changed drawing is not answered (canvas.js says
// so: `_dt_saved_page` is set). Where Jupyter's own HTML widget manager does run (online), the
// canvas it renders hides this one (`.dt-canvas-saved`, as it hides the picture).
(function () {
  var script = document.currentScript;
  var picture = script && script.previousElementSibling;
  if (!picture || !picture.dataset || !picture.dataset.modelId) return;
  function start() {
    var tag = document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]');
    if (!tag || document.getElementById("dt-canvas-style")) return; // live, or rendered already
    var saved;
    try {
      saved = JSON.parse(tag.textContent).state[picture.dataset.modelId];
    } catch (err) {
      return; // no readable state: the picture stays
    }
    if (!saved || !saved.state || typeof saved.state._esm !== "string") return;
    var values = Object.assign({}, saved.state, { _dt_saved_page: true });
    var handlers = {};
    var model = {
      get: function (name) { return values[name]; },
      set: function (name, value) {
        values[name] = value;
        (handlers["change:" + name] || []).slice().forEach(function (f) { f(); });
      },
      on: function (event, f) { (handlers[event] = handlers[event] || []).push(f); },
      off: function (event, f) {
        handlers[event] = (handlers[event] || []).filter(function (g) { return g !== f; });
      },
      save_changes: function () {},
      send: function () {},
    };
    var root = document.createElement("div");
    root.className = "dt-canvas-saved";
    var url = URL.createObjectURL(new Blob([saved.state._esm], { type: "text/javascript" }));
    import(url).then(function (module) {
      var widget = module.default;
      if (typeof widget === "function") widget = widget();
      picture.insertAdjacentElement("afterend", root);
      picture.style.display = "none";
      widget.render({ model: model, el: root });
    }).catch(function (err) {
      console.error("dominotiling: the saved canvas could not be drawn", err);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
