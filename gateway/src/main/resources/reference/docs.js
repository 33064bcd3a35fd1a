// Renders /openapi.json with Swagger UI, served by the gateway itself: no other host is asked for anything
// (the online validator is off).
window.addEventListener("load", function () {
  window.SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#reference",
    deepLinking: true,
    validatorUrl: null,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
  });
});
