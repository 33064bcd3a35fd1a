package com.storageplatform.webhooks.endpoint;

import com.storageplatform.kit.caller.Environment;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The rules for a webhook URL: absolute {@code https://} with a host and no credentials in it, resolving only to
 * public addresses. The one exception: on a test account, when the deployment allows it (local development),
 * {@code http://localhost} and {@code http://127.0.0.1}. Checked when an endpoint is created or changed, and again
 * at every delivery (by the delivery client's resolver), since DNS can change in between.
 */
public final class WebhookUrls {

    public static final int MAX_LENGTH = 2048;

    private final boolean allowLocalhost;

    public WebhookUrls(boolean allowLocalhost) {
        this.allowLocalhost = allowLocalhost;
    }

    /** Why the URL is refused by its form alone, or empty when its form is acceptable. */
    public Optional<String> formProblem(String url, Environment environment) {
        if (url == null || url.isBlank() || url.length() > MAX_LENGTH) {
            return Optional.of("invalid");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return Optional.of("invalid");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
            return Optional.of("invalid");
        }
        if (isLocalDevelopment(uri, environment)) {
            return Optional.empty();
        }
        return scheme.equals("https") ? Optional.empty() : Optional.of("not_allowed");
    }

    /** Whether this URL is the local-development exception: test account, deployment allows it, localhost. */
    public boolean isLocalDevelopment(URI uri, Environment environment) {
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        return allowLocalhost && environment == Environment.TEST
                && (host.equals("localhost") || host.equals("127.0.0.1"))
                && ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()));
    }

    /** The host resolves to an address inside a private network (or loopback, link-local, ...). */
    public static final class NotPublic extends UnknownHostException {
        NotPublic(String host) {
            super(host + " resolves to an address that is not public");
        }
    }

    /** Completes when every address the host resolves to is public; errors otherwise (DNS is blocking: elastic). */
    public Mono<Void> requirePublic(URI uri, Environment environment) {
        if (isLocalDevelopment(uri, environment)) {
            return Mono.empty();
        }
        return Mono.fromCallable(() -> InetAddress.getAllByName(uri.getHost()))
                .subscribeOn(Schedulers.boundedElastic())
                .flatMap(addresses -> {
                    for (InetAddress address : addresses) {
                        if (!PublicAddresses.isPublic(address)) {
                            return Mono.error(new NotPublic(uri.getHost()));
                        }
                    }
                    return Mono.<Void>empty();
                });
    }
}
