{{/*
The environment of each service, as docs/configuration.md defines it: what is not secret goes into the
service's ConfigMap ("sp.configData"), what is secret is read from Secrets ("sp.secretEnv").
Arguments of both: dict root, name, info (catalogue entry), settings (merged service settings).
*/}}

{{- define "sp.configData" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
SERVER_PORT: {{ include "sp.httpPort" . | quote }}
MANAGEMENT_SERVER_PORT: {{ include "sp.managementPort" . | quote }}
PLATFORM_ENVIRONMENT: {{ $v.environment | quote }}
{{- /* Traces (ADR 0022): ids in every log line always; spans sent to the collector only with tracing.enabled. */}}
MANAGEMENT_TRACING_SAMPLING_PROBABILITY: {{ $v.tracing.samplingProbability | toString | quote }}
{{- if $v.tracing.enabled }}
MANAGEMENT_TRACING_EXPORT_OTLP_ENABLED: "true"
MANAGEMENT_OPENTELEMETRY_TRACING_EXPORT_OTLP_ENDPOINT: {{ $v.tracing.otlpEndpoint | quote }}
{{- end }}
{{- /* Graceful shutdown: in-flight requests finish and Kafka listeners hand back their partitions. */}}
SERVER_SHUTDOWN: graceful
SPRING_LIFECYCLE_TIMEOUT_PER_SHUTDOWN_PHASE: {{ $v.shutdown.timeoutPerShutdownPhase | quote }}
{{- /* The heap follows the container's memory limit rather than the node's memory, and leaves 35 % of it to
       the JVM's other memory. JAVA_OPTS, read by the image's entrypoint: the JVM would announce
       JAVA_TOOL_OPTIONS on stderr, a line that is not JSON among the JSON logs. */}}
JAVA_OPTS: {{ trim (printf "-XX:MaxRAMPercentage=65.0 %s" (.settings.jvmOptions | default "")) | quote }}
LOGGING_STRUCTURED_FORMAT_CONSOLE: {{ $v.logging.format | quote }}
{{- /* Calls between processes: the breakers of the gateway and of every service's calls to its peers. */}}
{{- range $setting, $value := $v.resilience }}
{{ printf "PLATFORM_RESILIENCE_DEFAULTS_%s" (snakecase $setting | upper) }}: {{ $value | toString | quote }}
{{- end }}
{{- /* Where every service listens: the gateway routes there, a service calls its peers there. */}}
{{- range $service, $info := include "sp.catalogue" $root | fromYaml }}
{{- if $info.backend }}
{{ printf "PLATFORM_SERVICES_%s_URL" (upper $info.short) }}: {{ printf "http://%s.%s.svc:%s" (include "sp.serviceName" (dict "root" $root "name" $service)) $root.Release.Namespace (include "sp.httpPort" $) | quote }}
{{- end }}
{{- end }}
{{- if .info.backend }}
PLATFORM_REQUEST_DEADLINE: {{ $v.requests.deadline | quote }}
{{- $db := include "sp.database" $root | fromYaml }}
PLATFORM_DATABASE_URL: {{ printf "postgresql://%s:%v/%s" $db.host $db.port $v.postgresql.database | quote }}
PLATFORM_DATABASE_SCHEMA: {{ .info.short | quote }}
{{- include "sp.databaseTlsConfig" (dict "root" $root "db" $db) }}
{{- $kafka := include "sp.kafka" $root | fromYaml }}
SPRING_KAFKA_BOOTSTRAP_SERVERS: {{ $kafka.bootstrapServers | quote }}
SPRING_KAFKA_SECURITY_PROTOCOL: {{ $kafka.securityProtocol | quote }}
{{- if $kafka.saslMechanism }}
SPRING_KAFKA_PROPERTIES_SASL_MECHANISM: {{ $kafka.saslMechanism | quote }}
{{- end }}
{{- if $kafka.caSecret.name }}
SPRING_KAFKA_SSL_TRUST_STORE_LOCATION: {{ printf "file:%s" (include "sp.kafkaCaPath" .) | quote }}
SPRING_KAFKA_SSL_TRUST_STORE_TYPE: PEM
{{- end }}
{{- /* How long a consumer's fetch waits for more events (PipelinedConsumer.config, docs/performance.md). */}}
SPRING_KAFKA_CONSUMER_FETCH_MIN_SIZE: {{ printf "%dB" ($v.kafka.consumer.fetchMinBytes | int64) | quote }}
SPRING_KAFKA_CONSUMER_FETCH_MAX_WAIT: {{ printf "%dms" ($v.kafka.consumer.fetchMaxWaitMs | int64) | quote }}
{{- /* When a row failing for another reason than an outage or a refusal is parked (ADR 0020). */}}
PLATFORM_OUTBOX_PARK_AFTER_ATTEMPTS: {{ $v.outbox.parkAfterAttempts | int64 | toString | quote }}
PLATFORM_OUTBOX_PARK_AFTER_FAILING_FOR: {{ $v.outbox.parkAfterFailingFor | quote }}
{{- end }}
{{- if eq .name "gateway" }}
{{- with $v.gateway }}
PLATFORM_ROUTE_TIMEOUT: {{ .routeTimeout | quote }}
PLATFORM_AUTH_ROUTE_TIMEOUT: {{ .authRouteTimeout | quote }}
PLATFORM_INTROSPECTION_CACHE_TTL: {{ .introspectionCacheTtl | quote }}
PLATFORM_INTROSPECTION_TIMEOUT: {{ .introspectionTimeout | quote }}
{{- range $kind, $limit := .rateLimits }}
{{ printf "PLATFORM_RATE_LIMITS_%s_PER_SECOND" (upper $kind) }}: {{ $limit.perSecond | toString | quote }}
{{ printf "PLATFORM_RATE_LIMITS_%s_BURST" (upper $kind) }}: {{ $limit.burst | int64 | toString | quote }}
{{- end }}
{{- /* What one client may send (docs/configuration.md, "Request limits"). */}}
{{- with .limits }}
PLATFORM_LIMITS_MAX_BODY_SIZE: {{ .maxBodySize | quote }}
PLATFORM_LIMITS_MAX_IMPORT_SIZE: {{ .maxImportSize | quote }}
PLATFORM_LIMITS_READ_TIMEOUT: {{ .readTimeout | quote }}
PLATFORM_LIMITS_REQUEST_TIMEOUT: {{ .requestTimeout | quote }}
PLATFORM_LIMITS_MAX_CONNECTIONS: {{ .maxConnections | int64 | toString | quote }}
SERVER_MAX_HTTP_REQUEST_HEADER_SIZE: {{ .maxHeaderSize | quote }}
SERVER_NETTY_MAX_INITIAL_LINE_LENGTH: {{ .maxInitialLineLength | quote }}
SERVER_NETTY_IDLE_TIMEOUT: {{ .idleTimeout | quote }}
SERVER_NETTY_MAX_KEEP_ALIVE_REQUESTS: {{ .maxKeepAliveRequests | int64 | toString | quote }}
{{- end }}
{{- end }}
{{- /* The ingress controller is trusted: per-IP limits must see the client, not the controller. */}}
SERVER_FORWARD_HEADERS_STRATEGY: native
PLATFORM_RATE_LIMITS_REDIS: {{ $v.redis.enabled | quote }}
{{- if $v.redis.enabled }}
SPRING_DATA_REDIS_HOST: {{ $v.redis.host | quote }}
SPRING_DATA_REDIS_PORT: {{ $v.redis.port | int64 | toString | quote }}
SPRING_DATA_REDIS_SSL_ENABLED: {{ $v.redis.tls | quote }}
PLATFORM_RESILIENCE_PEERS_REDIS_TIMEOUT: {{ $v.redis.timeout | quote }}
{{- end }}
{{- end }}
{{- /* Operator sign-in through Keycloak and the developer settings (ADR 0023). */}}
{{- if eq .name "auth-service" }}
PLATFORM_KEYCLOAK_URL: {{ include "sp.keycloakUrl" $root | quote }}
{{- with include "sp.keycloakInternalUrl" $root }}
PLATFORM_KEYCLOAK_INTERNAL_URL: {{ . | quote }}
{{- end }}
PLATFORM_KEYCLOAK_REALM: {{ $v.keycloak.realm | quote }}
PLATFORM_KEYCLOAK_CLIENT_ID: {{ $v.keycloak.clientId | quote }}
PLATFORM_KEYCLOAK_ADMIN_REALM: {{ $v.keycloak.admin.realm | quote }}
PLATFORM_KEYCLOAK_TIMEOUT: {{ $v.keycloak.timeout | quote }}
PLATFORM_KEYCLOAK_SETUP_EMAIL: {{ $v.keycloak.setupEmail | quote }}
PLATFORM_APP_URL: {{ include "sp.appUrl" $root | quote }}
PLATFORM_APP_API_URL: {{ include "sp.appApiUrl" $root | quote }}
PLATFORM_APP_SESSION_LIFETIME: {{ $v.app.sessionLifetime | quote }}
{{- end }}
{{- /* The payment providers of live accounts and the simulators of test accounts (ADR 0026). */}}
{{- if eq .name "billing-service" }}
BILLING_PROVIDERS_STRIPE_BASE_URL: {{ $v.providers.stripe.baseUrl | quote }}
BILLING_PROVIDERS_GOCARDLESS_BASE_URL: {{ $v.providers.gocardless.baseUrl | quote }}
BILLING_PROVIDERS_SIMULATOR_BASE_URL: {{ $v.providers.simulatorUrl | quote }}
{{- end }}
{{- /* The online ID checks: the customer's link and Stripe Identity for live accounts (test accounts: the simulator). */}}
{{- if eq .name "compliance-service" }}
COMPLIANCE_IDENTITY_LINK_BASE_URL: {{ include "sp.identityLinkBaseUrl" $root | quote }}
COMPLIANCE_IDENTITY_STRIPE_BASE_URL: {{ $v.identity.stripe.baseUrl | quote }}
{{- end }}
{{- /* The message providers of live accounts (docs/api/messages.md); unset, a provider is not set up. */}}
{{- if eq .name "crm-service" }}
{{- include "sp.checkMessageProviders" $root }}
{{- with $v.messages.smtp }}{{ if .host }}
CRM_MESSAGES_PROVIDERS_SMTP_HOST: {{ .host | quote }}
{{- if .port }}
CRM_MESSAGES_PROVIDERS_SMTP_PORT: {{ .port | int64 | toString | quote }}
{{- end }}
{{- if .username }}
CRM_MESSAGES_PROVIDERS_SMTP_USERNAME: {{ .username | quote }}
{{- end }}
CRM_MESSAGES_PROVIDERS_SMTP_FROM: {{ .from | quote }}
CRM_MESSAGES_PROVIDERS_SMTP_TLS: {{ .tls | quote }}
CRM_MESSAGES_PROVIDERS_SMTP_TIMEOUT: {{ .timeout | quote }}
{{- end }}{{ end }}
{{- with $v.messages.twilio }}{{ if .accountSid }}
CRM_MESSAGES_PROVIDERS_TWILIO_ACCOUNT_SID: {{ .accountSid | quote }}
CRM_MESSAGES_PROVIDERS_TWILIO_FROM: {{ .from | quote }}
CRM_MESSAGES_PROVIDERS_TWILIO_STATUS_CALLBACK_URL: {{ .statusCallbackUrl | quote }}
{{- end }}{{ end }}
{{- end }}
{{- range $key, $value := .settings.env }}
{{ $key }}: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/*
TLS to PostgreSQL. The kit derives the R2DBC and JDBC URLs from PLATFORM_DATABASE_URL without query
parameters, so the TLS options are added beside them: Flyway's JDBC URL is given whole, and the R2DBC
driver's options (camel-case keys, which environment variables cannot spell) through SPRING_APPLICATION_JSON.
*/}}
{{- define "sp.databaseTlsConfig" -}}
{{- $db := .db -}}
{{- if and $db.sslMode (ne $db.sslMode "disable") }}
{{- $jdbc := printf "jdbc:postgresql://%s:%v/%s?sslmode=%s" $db.host $db.port .root.Values.postgresql.database $db.sslMode }}
{{- $r2dbc := dict "sslMode" $db.sslMode }}
{{- if $db.caSecret.name }}
{{- $jdbc = printf "%s&sslrootcert=%s" $jdbc (include "sp.databaseCaPath" .) }}
{{- $_ := set $r2dbc "sslRootCert" (include "sp.databaseCaPath" .) }}
{{- end }}
SPRING_FLYWAY_URL: {{ $jdbc | quote }}
SPRING_APPLICATION_JSON: {{ dict "spring" (dict "r2dbc" (dict "properties" $r2dbc)) | toJson | quote }}
{{- end }}
{{- end -}}

{{- define "sp.secretEnv" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
{{- if .info.backend }}
{{- $dbSecret := include "sp.databaseSecret" . }}
- name: PLATFORM_DATABASE_USERNAME
  valueFrom:
    secretKeyRef: {name: {{ $dbSecret }}, key: username}
- name: PLATFORM_DATABASE_PASSWORD
  valueFrom:
    secretKeyRef: {name: {{ $dbSecret }}, key: password}
- name: PLATFORM_CALLER_TOKEN_PUBLIC_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "sp.callerTokenSecret" $root }}, key: public-key}
- name: PLATFORM_SERVICE_TOKEN_PRIVATE_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "sp.serviceTokenSecret" $root }}, key: private-key}
- name: PLATFORM_SERVICE_TOKEN_PUBLIC_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "sp.serviceTokenSecret" $root }}, key: public-key}
{{- $kafka := include "sp.kafka" $root | fromYaml }}
{{- if $kafka.saslMechanism }}
- name: SPRING_KAFKA_PROPERTIES_SASL_JAAS_CONFIG
  valueFrom:
    secretKeyRef: {name: {{ include "sp.kafkaSaslSecret" . }}, key: sasl.jaas.config}
{{- end }}
{{- end }}
{{- if eq .name "gateway" }}
- name: PLATFORM_CALLER_TOKEN_PRIVATE_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "sp.callerTokenSecret" $root }}, key: private-key}
- name: PLATFORM_ADMIN_TOKEN
  valueFrom:
    secretKeyRef: {name: {{ include "sp.adminTokenSecret" $root }}, key: admin-token}
{{- if and $v.redis.enabled (or $v.redis.password $v.redis.existingSecret) }}
- name: SPRING_DATA_REDIS_PASSWORD
  valueFrom:
    secretKeyRef: {name: {{ include "sp.redisSecret" $root }}, key: password}
{{- end }}
{{- end }}
{{- if eq .name "webhook-dispatcher" }}
- name: PLATFORM_WEBHOOKS_SECRET_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "sp.webhooksSecret" $root }}, key: secret-key}
{{- end }}
{{- if eq .name "billing-service" }}
{{- with $v.providers.stripe }}{{ if or .apiKey .existingSecret }}
- name: BILLING_PROVIDERS_STRIPE_API_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "sp.stripeSecret" $root }}, key: api-key}
- name: BILLING_PROVIDERS_STRIPE_WEBHOOK_SECRET
  valueFrom:
    secretKeyRef: {name: {{ include "sp.stripeSecret" $root }}, key: webhook-secret}
{{- end }}{{ end }}
{{- with $v.providers.gocardless }}{{ if or .accessToken .existingSecret }}
- name: BILLING_PROVIDERS_GOCARDLESS_ACCESS_TOKEN
  valueFrom:
    secretKeyRef: {name: {{ include "sp.gocardlessSecret" $root }}, key: access-token}
- name: BILLING_PROVIDERS_GOCARDLESS_WEBHOOK_SECRET
  valueFrom:
    secretKeyRef: {name: {{ include "sp.gocardlessSecret" $root }}, key: webhook-secret}
{{- end }}{{ end }}
{{- end }}
{{- if eq .name "compliance-service" }}
- name: COMPLIANCE_ACCESS_SEALING_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "sp.complianceAccessSealingSecret" $root }}, key: sealing-key}
{{- with $v.identity.stripe }}{{ if or .apiKey .existingSecret }}
- name: COMPLIANCE_IDENTITY_STRIPE_API_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "sp.identityStripeSecret" $root }}, key: api-key}
- name: COMPLIANCE_IDENTITY_STRIPE_WEBHOOK_SECRET
  valueFrom:
    secretKeyRef: {name: {{ include "sp.identityStripeSecret" $root }}, key: webhook-secret}
{{- end }}{{ end }}
{{- end }}
{{- if eq .name "auth-service" }}
- name: PLATFORM_KEYCLOAK_CLIENT_SECRET
  valueFrom:
    secretKeyRef: {name: {{ include "sp.keycloakSecret" $root }}, key: client-secret}
- name: PLATFORM_KEYCLOAK_ADMIN_CLIENT_ID
  valueFrom:
    secretKeyRef: {name: {{ include "sp.keycloakAdminSecret" $root }}, key: client-id}
- name: PLATFORM_KEYCLOAK_ADMIN_CLIENT_SECRET
  valueFrom:
    secretKeyRef: {name: {{ include "sp.keycloakAdminSecret" $root }}, key: client-secret}
- name: PLATFORM_APP_COOKIE_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "sp.appCookieSecret" $root }}, key: cookie-key}
{{- end }}
{{- if eq .name "crm-service" }}
- name: CRM_INTEGRATIONS_SEALING_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "sp.crmIntegrationsSealingSecret" $root }}, key: sealing-key}
{{- with $v.messages.smtp }}{{ if and .host (or .password .existingSecret) }}
- name: CRM_MESSAGES_PROVIDERS_SMTP_PASSWORD
  valueFrom:
    secretKeyRef: {name: {{ include "sp.smtpSecret" $root }}, key: password}
{{- end }}{{ end }}
{{- with $v.messages.twilio }}{{ if and .accountSid (or .authToken .existingSecret) }}
- name: CRM_MESSAGES_PROVIDERS_TWILIO_AUTH_TOKEN
  valueFrom:
    secretKeyRef: {name: {{ include "sp.twilioSecret" $root }}, key: auth-token}
{{- end }}{{ end }}
{{- with $v.messages.reports }}{{ if or .signingSecret .existingSecret }}
- name: CRM_MESSAGES_PROVIDERS_REPORTS_SIGNING_SECRET
  valueFrom:
    secretKeyRef: {name: {{ include "sp.messageReportsSecret" $root }}, key: signing-secret}
{{- end }}{{ end }}
{{- end }}
{{- end -}}

{{/*
The secret values given to the chart that this service reads (through the Secrets the chart makes from them),
as JSON: its checksum annotation rolls exactly the pods whose secrets changed. Values the chart does not use
(an existingSecret is named instead) are left out, as are Secrets the chart does not own.
*/}}
{{- define "sp.secretValues" -}}
{{- $v := .root.Values -}}
{{- $out := dict "secretEnv" (.settings.secretEnv | default dict) -}}
{{- $caller := $v.secrets.callerToken -}}
{{- $ownCaller := and (not $caller.existingSecret) $caller.privateKey -}}
{{- if .info.backend -}}
{{- $db := .settings.database | default dict -}}
{{- if and $db.password (not $db.existingSecret) -}}
{{- $_ := set $out "database" (dict "username" $db.username "password" $db.password) -}}
{{- end -}}
{{- if $ownCaller -}}
{{- $_ := set $out "callerTokenPublicKey" $caller.publicKey -}}
{{- end -}}
{{- with $v.secrets.serviceToken -}}
{{- if and (not .existingSecret) .privateKey -}}
{{- $_ := set $out "serviceToken" (pick . "privateKey" "publicKey") -}}
{{- end -}}
{{- end -}}
{{- $kafka := $v.kafka -}}
{{- if and (not $kafka.strimzi.enabled) (hasPrefix "SASL_" $kafka.securityProtocol) (not $kafka.sasl.existingSecret) $kafka.sasl.username -}}
{{- $_ := set $out "kafka" (pick $kafka.sasl "mechanism" "username" "password") -}}
{{- end -}}
{{- end -}}
{{- if eq .name "gateway" -}}
{{- if $ownCaller -}}
{{- $_ := set $out "callerTokenPrivateKey" $caller.privateKey -}}
{{- end -}}
{{- if and $v.secrets.adminToken.value (not $v.secrets.adminToken.existingSecret) -}}
{{- $_ := set $out "adminToken" $v.secrets.adminToken.value -}}
{{- end -}}
{{- if and $v.redis.enabled $v.redis.password (not $v.redis.existingSecret) -}}
{{- $_ := set $out "redisPassword" $v.redis.password -}}
{{- end -}}
{{- end -}}
{{- if eq .name "webhook-dispatcher" -}}
{{- with $v.secrets.webhooksSecretKey -}}
{{- if and .value (not .existingSecret) -}}
{{- $_ := set $out "webhooksSecretKey" .value -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if eq .name "billing-service" -}}
{{- with $v.providers.stripe -}}
{{- if and .apiKey (not .existingSecret) -}}
{{- $_ := set $out "stripe" (pick . "apiKey" "webhookSecret") -}}
{{- end -}}
{{- end -}}
{{- with $v.providers.gocardless -}}
{{- if and .accessToken (not .existingSecret) -}}
{{- $_ := set $out "gocardless" (pick . "accessToken" "webhookSecret") -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if eq .name "compliance-service" -}}
{{- with $v.secrets.complianceAccessSealingKey -}}
{{- if and .value (not .existingSecret) -}}
{{- $_ := set $out "complianceAccessSealingKey" .value -}}
{{- end -}}
{{- end -}}
{{- with $v.identity.stripe -}}
{{- if and .apiKey (not .existingSecret) -}}
{{- $_ := set $out "identityStripe" (pick . "apiKey" "webhookSecret") -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if eq .name "auth-service" -}}
{{- with $v.keycloak -}}
{{- if and .clientSecret (not .existingSecret) -}}
{{- $_ := set $out "keycloakClientSecret" .clientSecret -}}
{{- end -}}
{{- if and .admin.clientSecret (not .admin.existingSecret) -}}
{{- $_ := set $out "keycloakAdmin" (pick .admin "clientId" "clientSecret") -}}
{{- end -}}
{{- end -}}
{{- with $v.secrets.appCookieKey -}}
{{- if and .value (not .existingSecret) -}}
{{- $_ := set $out "appCookieKey" .value -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if eq .name "crm-service" -}}
{{- with $v.secrets.crmIntegrationsSealingKey -}}
{{- if and .value (not .existingSecret) -}}
{{- $_ := set $out "crmIntegrationsSealingKey" .value -}}
{{- end -}}
{{- end -}}
{{- with $v.messages.smtp -}}
{{- if and .host .password (not .existingSecret) -}}
{{- $_ := set $out "smtpPassword" .password -}}
{{- end -}}
{{- end -}}
{{- with $v.messages.twilio -}}
{{- if and .accountSid .authToken (not .existingSecret) -}}
{{- $_ := set $out "twilioAuthToken" .authToken -}}
{{- end -}}
{{- end -}}
{{- with $v.messages.reports -}}
{{- if and .signingSecret (not .existingSecret) -}}
{{- $_ := set $out "messageReportsSigningSecret" .signingSecret -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- toJson $out -}}
{{- end -}}
