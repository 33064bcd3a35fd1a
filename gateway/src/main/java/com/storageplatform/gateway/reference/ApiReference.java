package com.storageplatform.gateway.reference;

import java.io.IOException;
import com.storageplatform.kit.web.ApiException;
import java.time.Duration;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The API reference, public like {@code /health} (conventions.md): {@code GET /openapi.json} is the merged OpenAPI
 * 3.1 description, {@code GET /docs} a page that renders it with Swagger UI, whose files come from its Maven
 * Central webjar and are served here under {@code /docs/assets/}: the page loads nothing from anywhere else (its
 * Content-Security-Policy says so), so it works offline.
 */
@Configuration(proxyBeanMethods = false)
class ApiReference {

    static final String SWAGGER_UI = "classpath*:META-INF/resources/webjars/swagger-ui/*/swagger-ui-bundle.js";
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' "
            + "'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; "
            + "form-action 'none'; frame-ancestors 'none'";
    private static final CacheControl CACHE = CacheControl.maxAge(Duration.ofMinutes(5)).cachePublic();
    private static final MediaType JAVASCRIPT = MediaType.parseMediaType("text/javascript;charset=UTF-8");
    private static final MediaType CSS = MediaType.parseMediaType("text/css;charset=UTF-8");

    @Bean
    ApiDescription apiDescription(JsonMapper mapper) {
        return ApiDescription.load(mapper);
    }

    /**
     * Every file is read into memory at start (about 2 MB): nothing is streamed from a jar per request, so a client
     * that drops a download midway cannot disturb the next one.
     */
    @Bean
    RouterFunction<ServerResponse> apiReferenceRoutes(ApiDescription description) throws IOException {
        Resource swaggerUi = swaggerUi();
        Map<String, Asset> assets = Map.of(
                "swagger-ui-bundle.js", new Asset(JAVASCRIPT, read(swaggerUi.createRelative("swagger-ui-bundle.js"))),
                "swagger-ui.css", new Asset(CSS, read(swaggerUi.createRelative("swagger-ui.css"))),
                "docs.js", new Asset(JAVASCRIPT, read(new ClassPathResource("reference/docs.js"))));
        byte[] page = read(new ClassPathResource("reference/docs.html"));
        return RouterFunctions.route()
                .GET("/openapi.json", request -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON)
                        .cacheControl(CACHE).bodyValue(description.json()))
                .GET("/docs", request -> ServerResponse.ok().contentType(MediaType.TEXT_HTML).cacheControl(CACHE)
                        .header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                        .header("X-Content-Type-Options", "nosniff")
                        .bodyValue(page))
                .GET("/docs/assets/{name}", request -> {
                    Asset asset = assets.get(request.pathVariable("name"));
                    return asset == null ? Mono.error(ApiException.notFound("asset"))
                            : ServerResponse.ok().contentType(asset.type()).cacheControl(CACHE)
                                    .header("X-Content-Type-Options", "nosniff").bodyValue(asset.content());
                })
                .build();
    }

    private record Asset(MediaType type, byte[] content) {
    }

    /** The folder of the Swagger UI webjar on the classpath, whatever its version. */
    private static Resource swaggerUi() throws IOException {
        Resource[] found = new PathMatchingResourcePatternResolver().getResources(SWAGGER_UI);
        if (found.length == 0) {
            throw new IllegalStateException("The Swagger UI webjar is missing from the classpath");
        }
        return found[0].createRelative("./");
    }

    private static byte[] read(Resource resource) throws IOException {
        try (var in = resource.getInputStream()) {
            return in.readAllBytes();
        }
    }
}
