package com.storageplatform.kit.client;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.web.Envelopes;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.core.ResolvableType;
import org.springframework.http.HttpMethod;
import reactor.core.publisher.Mono;

/**
 * One call to a peer, described before it is sent: the scopes it needs (required: the caller must hold them, and
 * the peer sees no others), a JSON body, and for a mutation the purpose its {@code Idempotency-Key} is derived
 * for. Nothing is sent until the returned {@code Mono} is subscribed.
 */
public final class ServiceCall {

    private final ServiceClient client;
    private final HttpMethod method;
    private final String uri;
    private final Object[] uriVariables;
    private Set<String> scopes;
    private Object body;
    private String purpose;
    private Caller account;

    ServiceCall(ServiceClient client, HttpMethod method, String uri, Object[] uriVariables) {
        this.client = client;
        this.method = method;
        this.uri = uri;
        this.uriVariables = uriVariables.clone();
    }

    /** The scopes this call needs, out of the caller's; none beyond them reach the peer. */
    public ServiceCall scopes(String... needed) {
        this.scopes = new LinkedHashSet<>(Arrays.asList(needed));
        return this;
    }

    /** The JSON body (a record, written in snake_case like every response). */
    public ServiceCall body(Object value) {
        this.body = value;
        return this;
    }

    /**
     * What this mutation is for within the request ({@code "pay-order"}): with the request's own
     * {@code Idempotency-Key}, it derives the key the peer gets, so a retry of the request is replayed by the
     * peer, never executed twice. Required for every mutation; two mutations of one request need two purposes.
     * The body must then be the same on every retry of the request (ids derived from the request, not random).
     */
    public ServiceCall purpose(String name) {
        this.purpose = name;
        return this;
    }

    /**
     * Makes this a call for {@code account} outside any request (a job, a Kafka handler: ADR 0029), to the peer's
     * {@code /internal/**} routes only: the peer sees the account's caller (account, operator, environment,
     * credential and request id) with no scopes and no site restriction, vouched for by this service alone. Take
     * the account from the service's own records ({@code Caller.actingFor}, an inbox event's acting caller), never
     * from what a client sent. The call names no scopes; a mutation is sent once (there is no request key to
     * derive from), and no deadline but each attempt's limit applies.
     */
    public ServiceCall forAccount(Caller account) {
        this.account = account;
        return this;
    }

    /** The peer's whole answer, as {@code type}. */
    public <T> Mono<T> retrieve(Class<T> type) {
        return client.exchange(this, ParameterizedTypeReference.forType(type));
    }

    public <T> Mono<T> retrieve(ParameterizedTypeReference<T> type) {
        return client.exchange(this, type);
    }

    /** The {@code data} of the peer's {@code { "data": ... }} answer. */
    public <T> Mono<T> data(Class<T> type) {
        ParameterizedTypeReference<Envelopes.Data<T>> envelope = ParameterizedTypeReference.forType(
                ResolvableType.forClassWithGenerics(Envelopes.Data.class, type).getType());
        return client.exchange(this, envelope).mapNotNull(Envelopes.Data::data);
    }

    HttpMethod method() {
        return method;
    }

    String uri() {
        return uri;
    }

    Object[] uriVariables() {
        return uriVariables;
    }

    Set<String> scopes() {
        return scopes;
    }

    Object body() {
        return body;
    }

    String purpose() {
        return purpose;
    }

    Caller account() {
        return account;
    }

    boolean isMutation() {
        return method != HttpMethod.GET && method != HttpMethod.HEAD;
    }
}
