package com.storageplatform.webhooks;

import java.time.Duration;
import java.util.Base64;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The dispatcher's settings ({@code platform.webhooks.*}).
 *
 * @param allowLocalhost   test accounts may use {@code http://localhost} / {@code http://127.0.0.1} (local development)
 * @param secretKey        base64 of the 32-byte key that seals signing secrets at rest (required)
 * @param retryTimeScale   multiplies the retry delays ({@code WEBHOOK_RETRY_TIME_SCALE}, default 1)
 * @param delivery         how hard the workers push
 */
@ConfigurationProperties("platform.webhooks")
public record WebhookProperties(Boolean allowLocalhost, String secretKey, Double retryTimeScale, Delivery delivery) {

    public WebhookProperties {
        allowLocalhost = allowLocalhost != null && allowLocalhost;
        retryTimeScale = retryTimeScale == null ? 1.0 : retryTimeScale;
        delivery = delivery == null ? new Delivery(null, null, null, null, null) : delivery;
    }

    /**
     * @param concurrency  deliveries in flight at once in this process (default 256)
     * @param perEndpoint  of which at most this many to one endpoint (default 16), so a slow one cannot hold the rest
     * @param timeout      how long one attempt may take, from resolving the host to the answer's last byte (10 s)
     * @param pollInterval how often the worker looks for due deliveries when nothing woke it (250 ms)
     * @param lease        how long a claimed delivery is this worker's before another may take it over (60 s)
     */
    public record Delivery(Integer concurrency, Integer perEndpoint, Duration timeout, Duration pollInterval,
            Duration lease) {
        public Delivery {
            concurrency = concurrency == null ? 256 : concurrency;
            perEndpoint = perEndpoint == null ? 16 : perEndpoint;
            timeout = timeout == null ? Duration.ofSeconds(10) : timeout;
            pollInterval = pollInterval == null ? Duration.ofMillis(250) : pollInterval;
            lease = lease == null ? Duration.ofSeconds(60) : lease;
        }
    }

    public byte[] secretKeyBytes() {
        if (secretKey == null || secretKey.isBlank()) {
            throw new IllegalStateException("platform.webhooks.secret-key (PLATFORM_WEBHOOKS_SECRET_KEY) is not set: "
                    + "the dispatcher seals signing secrets with it (base64 of 32 random bytes)");
        }
        byte[] key = Base64.getDecoder().decode(secretKey.trim());
        if (key.length != 32) {
            throw new IllegalStateException("platform.webhooks.secret-key must be base64 of 32 bytes, not " + key.length);
        }
        return key;
    }
}
