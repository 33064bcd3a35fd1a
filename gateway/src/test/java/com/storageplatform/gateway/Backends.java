package com.storageplatform.gateway;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.test.context.DynamicPropertyRegistry;

/** The seven fake services of a gateway test JVM, started once and pointed at by every gateway test. */
final class Backends {

    static final String ADMIN_TOKEN = "svc_admin_TestAdminTokenForTheGatewayTests0001";
    static final Map<String, FakeService> ALL = new LinkedHashMap<>();

    static {
        for (String name : List.of("auth", "catalogue", "commerce", "billing", "crm", "compliance", "webhooks")) {
            ALL.put(name, new FakeService(name));
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ALL.values().forEach(FakeService::close)));
    }

    private Backends() {
    }

    static FakeService get(String name) {
        return ALL.get(name);
    }

    /** A new API key of a new account that the fake auth service vouches for, with these scopes. */
    static String apiKey(Environment environment, String... scopes) {
        String key = "svc_" + environment.name().toLowerCase() + "_" + UUID.randomUUID().toString().replace("-", "");
        get("auth").tokens.put(key, new Introspection(true, Ids.newId().toString(), "api_key", Ids.newId(),
                Ids.newId(), environment, List.of(scopes), null, ActorType.API, null));
        return key;
    }

    static void register(DynamicPropertyRegistry registry) {
        register(registry, "development");
    }

    static void register(DynamicPropertyRegistry registry, String environment) {
        ALL.forEach((name, backend) -> registry.add("platform.services." + name + ".url", backend::url));
        registry.add("platform.caller-token.private-key", TestCallers::privateKeyPem);
        registry.add("platform.admin-token", () -> ADMIN_TOKEN);
        registry.add("platform.environment", () -> environment);
        registry.add("platform.route-timeout", () -> "2s");
        registry.add("platform.auth-route-timeout", () -> "6s");
    }
}
