package com.storageplatform.e2e;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Pem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Sets up what the benchmarks under bench/ measure: a devstack of its own, an operator with a live API key, one
 * site, and a caller token for calling catalogue-service directly. Writes them as shell variables.
 *
 * <pre>java ... BenchmarkStack up &lt;home&gt; &lt;basePort&gt; &lt;env-file&gt;  |  down &lt;home&gt;</pre>
 */
public final class BenchmarkStack {

    private BenchmarkStack() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("e2e.repo-root", ".")).toAbsolutePath().normalize();
        DevStack.Builder builder = DevStack.builder().environment(System.getenv()).repoRoot(root).home(Path.of(args[1]))
                .progress(line -> System.out.println("[devstack] " + line));
        if (args[0].equals("down")) {
            builder.build().down();
            return;
        }
        DevStack stack = builder.basePort(Integer.parseInt(args[2])).fresh(true).build();
        stack.up();
        Admin admin = new Admin(stack);
        Admin.Operator operator = admin.newOperator("Benchmark Storage Ltd");
        String key = admin.apiKey(operator, "live", "sites:read", "sites:write");
        Http.Response site = Http.post(stack.gatewayUrl() + "/v1/sites", key,
                Map.of("name", "Benchmark site", "timezone", "Europe/London"));
        String siteId = site.data().path("id").asString();

        Caller caller = new Caller(UUID.fromString(operator.liveAccountId()), UUID.fromString(operator.id()),
                Environment.LIVE, Set.of("sites:read"), null, ActorType.API, "benchmark", null);
        String callerToken = new CallerTokenSigner(Pem.privateKey(stack.callerTokenKeys().privateKeyPem()),
                Clock.systemUTC(), Duration.ofHours(1)).sign(caller);

        Files.writeString(Path.of(args[3]), String.join("\n",
                "GATEWAY_URL=" + stack.gatewayUrl(),
                "SERVICE_URL=" + stack.serviceUrl("catalogue-service"),
                "SITE_ID=" + siteId,
                "API_KEY=" + key,
                "CALLER_TOKEN=" + callerToken,
                ""));
    }
}
