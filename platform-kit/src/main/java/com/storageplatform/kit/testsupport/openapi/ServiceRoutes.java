package com.storageplatform.kit.testsupport.openapi;

import com.storageplatform.kit.openapi.OpenApiDefaults;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpMethod;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RequestPredicate;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.support.RouterFunctionMapping;
import org.springframework.web.reactive.result.method.RequestMappingInfoHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;

/**
 * The public routes a running service really answers, read from its Spring handler mappings (controllers and
 * router functions alike), as {@code "GET /v1/coupons/{}"}: path variables are unnamed, and a mapping with no
 * method condition (it answers every method) is {@code "ANY ..."}.
 */
public final class ServiceRoutes {

    public static final Set<String> PUBLIC_PREFIXES = Set.of("/v1/", "/admin/v1/", "/oauth/");

    private ServiceRoutes() {
    }

    public static Set<String> of(ApplicationContext context) {
        Set<String> routes = new TreeSet<>();
        context.getBeansOfType(RequestMappingInfoHandlerMapping.class).values().forEach(mapping ->
                mapping.getHandlerMethods().forEach((info, handler) -> {
                    Set<RequestMethod> methods = info.getMethodsCondition().getMethods();
                    for (PathPattern pattern : info.getPatternsCondition().getPatterns()) {
                        String path = pattern.getPatternString();
                        if (isPublic(path)) {
                            if (methods.isEmpty()) {
                                routes.add("ANY " + normalise(path));
                            }
                            methods.forEach(method -> routes.add(method.name() + " " + normalise(path)));
                        }
                    }
                }));
        context.getBeansOfType(RouterFunctionMapping.class).values().forEach(mapping -> {
            RouterFunction<?> function = mapping.getRouterFunction();
            if (function != null) {
                function.accept(new Collector(routes));
            }
        });
        return routes;
    }

    /** Under a public prefix, and not the authorization endpoint (a browser page, see {@link OpenApiDefaults}). */
    public static boolean isPublic(String path) {
        return PUBLIC_PREFIXES.stream().anyMatch(path::startsWith)
                && !path.equals(OpenApiDefaults.AUTHORIZATION_PATH);
    }

    /** {@code /v1/coupons/{id}} and {@code /v1/coupons/{coupon}} are one route. */
    public static String normalise(String path) {
        return path.replaceAll("\\{[^}]*}", "{}");
    }

    /** Visits a router function's routes; a route's path and (non-negated) methods are what it answers. */
    private static final class Collector implements RouterFunctions.Visitor {

        private final Set<String> routes;

        Collector(Set<String> routes) {
            this.routes = routes;
        }

        @Override
        public void startNested(RequestPredicate predicate) {
        }

        @Override
        public void endNested(RequestPredicate predicate) {
        }

        @Override
        public void route(RequestPredicate predicate, HandlerFunction<?> handlerFunction) {
            Predicates found = new Predicates();
            predicate.accept(found);
            if (found.path != null && isPublic(found.path)) {
                if (found.methods.isEmpty()) {
                    routes.add("ANY " + normalise(found.path));
                }
                found.methods.forEach(method -> routes.add(method + " " + normalise(found.path)));
            }
        }

        @Override
        public void resources(Function<org.springframework.web.reactive.function.server.ServerRequest,
                reactor.core.publisher.Mono<org.springframework.core.io.Resource>> lookupFunction) {
        }

        @Override
        public void attributes(java.util.Map<String, Object> attributes) {
        }

        @Override
        public void unknown(RouterFunction<?> routerFunction) {
        }
    }

    private static final class Predicates implements RequestPredicates.Visitor {

        private final Set<String> methods = new TreeSet<>();
        private String path;
        private int negations;

        @Override
        public void method(Set<HttpMethod> httpMethods) {
            if (negations == 0) {
                httpMethods.forEach(method -> methods.add(method.name()));
            }
        }

        @Override
        public void path(String pattern) {
            path = pattern;
        }

        @Override
        public void pathExtension(String extension) {
        }

        @Override
        public void header(String name, String value) {
        }

        @Override
        public void queryParam(String name, String value) {
        }

        @Override
        public void version(String version) {
        }

        @Override
        public void startAnd() {
        }

        @Override
        public void and() {
        }

        @Override
        public void endAnd() {
        }

        @Override
        public void startOr() {
        }

        @Override
        public void or() {
        }

        @Override
        public void endOr() {
        }

        @Override
        public void startNegate() {
            negations++;
        }

        @Override
        public void endNegate() {
            negations--;
        }

        @Override
        public void unknown(RequestPredicate predicate) {
        }
    }
}
