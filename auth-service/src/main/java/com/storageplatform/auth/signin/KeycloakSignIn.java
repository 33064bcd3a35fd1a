package com.storageplatform.auth.signin;

import com.storageplatform.auth.identity.KeycloakProperties;
import com.storageplatform.auth.user.OperatorUser;
import com.storageplatform.auth.user.OperatorUsers;
import java.net.URI;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcReactiveOAuth2UserService;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.InMemoryReactiveClientRegistrationRepository;
import org.springframework.security.oauth2.client.registration.ReactiveClientRegistrationRepository;
import org.springframework.security.oauth2.client.userinfo.ReactiveOAuth2UserService;
import org.springframework.security.oauth2.client.web.server.DefaultServerOAuth2AuthorizationRequestResolver;
import org.springframework.security.oauth2.client.web.server.ServerOAuth2AuthorizedClientRepository;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.oidc.user.DefaultOidcUser;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.web.server.DefaultServerRedirectStrategy;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.authentication.RedirectServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authentication.RedirectServerAuthenticationSuccessHandler;
import org.springframework.security.web.server.header.ReferrerPolicyServerHttpHeadersWriter;
import org.springframework.security.web.server.header.XFrameOptionsServerHttpHeadersWriter;
import org.springframework.security.web.server.savedrequest.CookieServerRequestCache;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Operator sign-in: OpenID Connect (authorization code with PKCE) against the Keycloak realm, then a session of
 * our own ({@link OperatorSessions}). This security chain covers the developer settings ({@code /app/**}) and the
 * consent page ({@code /oauth/authorize}); everything else keeps the kit's caller-token chain. No password passes
 * through the platform: Keycloak shows the sign-in form and answers with a signed identity token, whose subject
 * must be an operator user the platform made.
 */
@Configuration(proxyBeanMethods = false)
public class KeycloakSignIn {

    static final String REGISTRATION_ID = "keycloak";
    /** Where a sign-in starts: Spring Security redirects from here to Keycloak. */
    public static final String SIGN_IN_PATH = AppProperties.BASE_PATH + "/sign-in/" + REGISTRATION_ID;
    /** Scripts, styles and forms of our own only; never framed. The consent page adds the app's redirect origin. */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

    @Bean
    ReactiveClientRegistrationRepository keycloakRegistration(KeycloakProperties keycloak, AppProperties app) {
        keycloak.requireCompleteForSignIn();
        app.requireComplete();
        // The browser goes to the public URL; the auth service fetches tokens and keys at the internal one.
        String endpoints = keycloak.issuer() + "/protocol/openid-connect";
        return new InMemoryReactiveClientRegistrationRepository(ClientRegistration.withRegistrationId(REGISTRATION_ID)
                .clientName("Keycloak")
                .clientId(keycloak.clientId())
                .clientSecret(keycloak.clientSecret())
                .clientAuthenticationMethod(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)
                .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
                .redirectUri(app.signInCallbackUrl())
                .scope("openid", "email")
                .authorizationUri(endpoints + "/auth")
                .tokenUri(keycloak.internalEndpoints() + "/token")
                .jwkSetUri(keycloak.internalEndpoints() + "/certs")
                .issuerUri(keycloak.issuer())
                .userNameAttributeName("sub")
                .clientSettings(ClientRegistration.ClientSettings.builder().requireProofKey(true).build())
                .build());
    }

    @Bean
    OperatorOidcUserService operatorOidcUserService(OperatorUsers users) {
        return new OperatorOidcUserService(users);
    }

    /** Before the kit's chain, which serves every other path with caller tokens. */
    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    SecurityWebFilterChain signInSecurity(ServerHttpSecurity http, ReactiveClientRegistrationRepository registrations,
            OperatorSessions sessions, AppProperties app, OperatorOidcUserService users) {
        CookieServerRequestCache requestCache = new CookieServerRequestCache();
        RedirectServerAuthenticationEntryPoint signIn = new RedirectServerAuthenticationEntryPoint(SIGN_IN_PATH);
        signIn.setRequestCache(requestCache);
        RedirectServerAuthenticationSuccessHandler backToWhereTheyWere =
                new RedirectServerAuthenticationSuccessHandler(AppProperties.BASE_PATH);
        backToWhereTheyWere.setRequestCache(requestCache);
        DefaultServerOAuth2AuthorizationRequestResolver toKeycloak = new DefaultServerOAuth2AuthorizationRequestResolver(
                registrations, ServerWebExchangeMatchers.pathMatchers(
                        AppProperties.BASE_PATH + "/sign-in/{" + DefaultServerOAuth2AuthorizationRequestResolver
                                .DEFAULT_REGISTRATION_ID_URI_VARIABLE_NAME + "}"));
        SessionSecurityContext contexts = new SessionSecurityContext(sessions);
        return http
                .securityMatcher(ServerWebExchangeMatchers.pathMatchers(AppProperties.BASE_PATH,
                        AppProperties.BASE_PATH + "/**", "/oauth/authorize"))
                .securityContextRepository(contexts)
                .requestCache(cache -> cache.requestCache(requestCache))
                .csrf(csrf -> csrf.csrfTokenRepository(new SessionCsrfTokens(sessions)))
                .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
                .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
                .logout(ServerHttpSecurity.LogoutSpec::disable)
                .headers(headers -> headers
                        .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                        .frameOptions(frame -> frame.mode(XFrameOptionsServerHttpHeadersWriter.Mode.DENY))
                        .referrerPolicy(referrer -> referrer.policy(
                                ReferrerPolicyServerHttpHeadersWriter.ReferrerPolicy.NO_REFERRER)))
                .authorizeExchange(exchanges -> exchanges
                        .pathMatchers("/oauth/authorize", AppProperties.BASE_PATH + "/static/**",
                                AppProperties.BASE_PATH + "/sign-in/**", AppProperties.BASE_PATH + "/signed-out",
                                AppProperties.BASE_PATH + "/sign-in-failed").permitAll()
                        .pathMatchers(AppProperties.BASE_PATH + "/sign-out", AppProperties.BASE_PATH + "/not-an-owner")
                                .authenticated()
                        .anyExchange().hasRole("OWNER"))
                .exceptionHandling(handling -> handling
                        .authenticationEntryPoint(signIn)
                        .accessDeniedHandler((exchange, denied) -> new DefaultServerRedirectStrategy()
                                .sendRedirect(exchange, URI.create(AppProperties.BASE_PATH + "/not-an-owner"))))
                .oauth2Login(login -> login
                        .clientRegistrationRepository(registrations)
                        .authorizedClientRepository(new NoAuthorizedClients())
                        .authorizationRequestRepository(new SealedSignInCookie(app))
                        .authorizationRequestResolver(toKeycloak)
                        .authenticationMatcher(ServerWebExchangeMatchers.pathMatchers(AppProperties.CALLBACK_PATH))
                        .securityContextRepository(contexts)
                        .authenticationSuccessHandler(backToWhereTheyWere)
                        .authenticationFailureHandler((exchange, failure) -> new DefaultServerRedirectStrategy()
                                .sendRedirect(exchange.getExchange(),
                                        URI.create(AppProperties.BASE_PATH + "/sign-in-failed"))))
                .build();
    }

    /**
     * Keycloak's identity token names the person; the platform's own mapping says which operator they belong to and
     * with what role. A Keycloak user the platform did not make cannot sign in.
     */
    static final class OperatorOidcUserService implements ReactiveOAuth2UserService<OidcUserRequest, OidcUser> {

        private final OidcReactiveOAuth2UserService keycloak = new OidcReactiveOAuth2UserService();
        private final OperatorUsers users;

        OperatorOidcUserService(OperatorUsers users) {
            this.users = users;
        }

        @Override
        public Mono<OidcUser> loadUser(OidcUserRequest request) {
            return keycloak.loadUser(request).flatMap(oidc -> users.signedIn(oidc.getSubject())
                    .switchIfEmpty(Mono.error(() -> new OAuth2AuthenticationException(new OAuth2Error(
                            "not_provisioned", "This identity is not an operator user of the platform.", null))))
                    .map(user -> new OperatorOidcUser(oidc, user)));
        }
    }

    /** The identity Keycloak vouched for, with the operator user it is. */
    static final class OperatorOidcUser extends DefaultOidcUser {

        private final transient OperatorUser user;

        OperatorOidcUser(OidcUser oidc, OperatorUser user) {
            super(oidc.getAuthorities(), oidc.getIdToken(), oidc.getUserInfo(), "sub");
            this.user = user;
        }

        OperatorUser user() {
            return user;
        }
    }

    /** Keycloak's tokens are used once, to learn who signed in; nothing keeps them. */
    static final class NoAuthorizedClients implements ServerOAuth2AuthorizedClientRepository {

        @Override
        public <T extends OAuth2AuthorizedClient> Mono<T> loadAuthorizedClient(String registrationId,
                Authentication principal, ServerWebExchange exchange) {
            return Mono.empty();
        }

        @Override
        public Mono<Void> saveAuthorizedClient(OAuth2AuthorizedClient client, Authentication principal,
                ServerWebExchange exchange) {
            return Mono.empty();
        }

        @Override
        public Mono<Void> removeAuthorizedClient(String registrationId, Authentication principal,
                ServerWebExchange exchange) {
            return Mono.empty();
        }
    }
}
