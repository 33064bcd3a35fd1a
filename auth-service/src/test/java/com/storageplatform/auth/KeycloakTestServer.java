package com.storageplatform.auth;

import com.storageplatform.devstack.KeycloakProcess;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.keycloak.OAuth2Constants;
import org.keycloak.admin.client.Keycloak;
import org.keycloak.admin.client.KeycloakBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * The real Keycloak of the auth service's tests: started once per test JVM, as the devstack runs it
 * ({@link KeycloakProcess}: its Maven Central distribution on a Java 21+ JDK), with fresh data under
 * {@code target/}, and stopped when the JVM exits. Every test application is pointed at it (and at a realm of its
 * own per JVM) by {@link CustomizerFactory}.
 */
public final class KeycloakTestServer {

    public static final String REALM = "platform-test";
    public static final String CLIENT_ID = "storage-platform";
    public static final String CLIENT_SECRET = "test-only-sign-in-client-secret";
    public static final String COOKIE_KEY = Base64.getEncoder().encodeToString(new byte[32]);
    private static final Duration STARTUP = Duration.ofSeconds(180);

    private static volatile KeycloakTestServer instance;

    private final String url;
    private final String adminClientSecret;
    private final Process process;

    private KeycloakTestServer(String url, String adminClientSecret, Process process) {
        this.url = url;
        this.adminClientSecret = adminClientSecret;
        this.process = process;
    }

    public static KeycloakTestServer get() {
        KeycloakTestServer started = instance;
        if (started == null) {
            synchronized (KeycloakTestServer.class) {
                started = instance;
                if (started == null) {
                    started = start();
                    instance = started;
                }
            }
        }
        return started;
    }

    public String url() {
        return url;
    }

    /** An admin client of the test Keycloak, for asserting what the auth service provisioned. */
    public Keycloak admin() {
        return KeycloakBuilder.builder().serverUrl(url).realm("master")
                .grantType(OAuth2Constants.CLIENT_CREDENTIALS)
                .clientId(KeycloakProcess.ADMIN_CLIENT_ID).clientSecret(adminClientSecret).build();
    }

    private static KeycloakTestServer start() {
        Path repoRoot = Path.of("").toAbsolutePath().getParent();
        Path target = Path.of("target").toAbsolutePath();
        Path data = target.resolve("keycloak-test-" + ProcessHandle.current().pid());
        Path log = target.resolve("keycloak-test.log");
        try {
            Files.createDirectories(data);
            KeycloakProcess keycloak = KeycloakProcess.locate(repoRoot, System.getenv());
            keycloak.ensureBuilt(target.resolve("keycloak-build.log"), KeycloakTestServer::run);
            int port = freePort();
            String adminSecret = Base64.getUrlEncoder().withoutPadding().encodeToString(random(24));
            ProcessBuilder builder = new ProcessBuilder(keycloak.startCommand(List.of(), data, port))
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().putAll(KeycloakProcess.bootstrapEnvironment(
                    Base64.getUrlEncoder().withoutPadding().encodeToString(random(24)), adminSecret));
            Process process = builder.start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(process), "keycloak-test-stop"));
            String url = "http://127.0.0.1:" + port;
            awaitHealthy(url, process, log);
            return new KeycloakTestServer(url, adminSecret, process);
        } catch (IOException e) {
            throw new IllegalStateException("Could not start Keycloak for the tests: " + e.getMessage(), e);
        }
    }

    private static void awaitHealthy(String url, Process process, Path log) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + STARTUP.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Keycloak exited during start (exit " + process.exitValue()
                        + "); see " + log);
            }
            try {
                HttpResponse<Void> answer = http.send(HttpRequest.newBuilder(URI.create(url
                        + KeycloakProcess.HEALTH_PATH)).timeout(Duration.ofSeconds(3)).build(),
                        HttpResponse.BodyHandlers.discarding());
                if (answer.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted");
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted");
            }
        }
        stop(process);
        throw new IllegalStateException("Keycloak did not answer within " + STARTUP.toSeconds() + " s; see " + log);
    }

    private static int run(List<String> command, Path log) {
        try {
            Process build = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!build.waitFor(300, TimeUnit.SECONDS)) {
                build.destroyForcibly();
                return -1;
            }
            return build.exitValue();
        } catch (IOException e) {
            throw new IllegalStateException("Could not build Keycloak: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static void stop(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static byte[] random(int bytes) {
        byte[] value = new byte[bytes];
        new SecureRandom().nextBytes(value);
        return value;
    }

    /** Points every test application of this module at the test Keycloak. */
    public static final class CustomizerFactory implements ContextCustomizerFactory {

        @Override
        public ContextCustomizer createContextCustomizer(Class<?> testClass,
                List<ContextConfigurationAttributes> configAttributes) {
            return new Customizer();
        }
    }

    private static final class Customizer implements ContextCustomizer {

        @Override
        public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration merged) {
            KeycloakTestServer keycloak = get();
            Map<String, Object> properties = new HashMap<>();
            properties.put("platform.keycloak.url", keycloak.url());
            properties.put("platform.keycloak.realm", REALM);
            properties.put("platform.keycloak.client-id", CLIENT_ID);
            properties.put("platform.keycloak.client-secret", CLIENT_SECRET);
            properties.put("platform.keycloak.admin.client-id", KeycloakProcess.ADMIN_CLIENT_ID);
            properties.put("platform.keycloak.admin.client-secret", keycloak.adminClientSecret);
            properties.put("platform.app.url", "http://127.0.0.1:18999/app");
            properties.put("platform.app.api-url", "http://127.0.0.1:18999");
            properties.put("platform.app.cookie-key", COOKIE_KEY);
            context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("keycloak-test", properties));
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Customizer;
        }

        @Override
        public int hashCode() {
            return Customizer.class.hashCode();
        }
    }
}
