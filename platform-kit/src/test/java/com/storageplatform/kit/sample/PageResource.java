package com.storageplatform.kit.sample;

import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** A route outside the public API, like the auth service's sign-in pages: it has no request deadline. */
@RestController
class PageResource {

    @GetMapping("/pages/held/{name}")
    Mono<Map<String, String>> held(@PathVariable String name) {
        return HeldRequests.pass(name).thenReturn(Map.of("page", name));
    }
}
