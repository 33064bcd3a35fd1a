package com.storageplatform.gateway.limits;

import com.storageplatform.kit.web.DecodingFailures;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * What the gateway takes from one client ({@code platform.limits.*}; docs/configuration.md, "Request limits"): the
 * largest body, and how long a request may take to arrive. The header and request-line sizes and the idle
 * connection's timeout are Spring Boot's own {@code server.*} settings (application.yml).
 *
 * @param maxBodySize    the largest request body, JSON and every other kind but an import's file (default 1 MiB)
 * @param maxImportSize  the largest CSV file {@code POST /v1/imports} takes (default 50 MiB, the import's own limit)
 * @param readTimeout    the longest pause between two reads of a request once its headers have come (default
 *                       10 s): a body that stalls is cut off
 * @param requestTimeout the longest a request may take to arrive whole, from its headers to its body's last byte
 *                       (default 30 s): a body that trickles in just often enough to beat {@code readTimeout} is
 *                       cut off too
 * @param maxConnections the most connections the gateway holds open at once (default 10000); past it a new one is
 *                       closed as soon as it is accepted
 */
@ConfigurationProperties("platform.limits")
public record RequestLimits(DataSize maxBodySize, DataSize maxImportSize, Duration readTimeout,
        Duration requestTimeout, Integer maxConnections) {

    public RequestLimits {
        maxBodySize = maxBodySize == null ? DataSize.ofMegabytes(1) : maxBodySize;
        maxImportSize = maxImportSize == null ? DataSize.ofMegabytes(50) : maxImportSize;
        readTimeout = readTimeout == null ? Duration.ofSeconds(10) : readTimeout;
        requestTimeout = requestTimeout == null ? Duration.ofSeconds(30) : requestTimeout;
        maxConnections = maxConnections == null ? 10_000 : maxConnections;
    }

    /** A size as a message states it: {@code 1 MiB}, {@code 512 KiB}, {@code 100 bytes}. */
    static String describe(DataSize size) {
        return DecodingFailures.describe(size);
    }
}
