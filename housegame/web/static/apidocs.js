// The API docs page: Swagger UI (served by this server) over the app's OpenAPI description.
"use strict";

const box = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: box.dataset.openapi,
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  layout: "BaseLayout",
});
