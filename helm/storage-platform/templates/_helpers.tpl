{{/*
Names, labels and the catalogue of services. Every per-service template ranges over "sp.catalogue", so a new
service is one line here and one block in values.yaml.
*/}}

{{- define "sp.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "sp.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The services: short name (schema, topic <short>.events, PLATFORM_SERVICES_<SHORT>_URL) and whether it
     has a database and Kafka (every one but the gateway). */}}
{{- define "sp.catalogue" -}}
gateway: {short: gateway, backend: false}
auth-service: {short: auth, backend: true}
catalogue-service: {short: catalogue, backend: true}
commerce-service: {short: commerce, backend: true}
billing-service: {short: billing, backend: true}
crm-service: {short: crm, backend: true}
compliance-service: {short: compliance, backend: true}
webhook-dispatcher: {short: webhooks, backend: true}
{{- end -}}

{{/* Every service listens here; the Service exposes the same port. */}}
{{- define "sp.httpPort" -}}8080{{- end -}}

{{/* The management port of every container: Prometheus metrics at /internal/prometheus (ADR 0022). The Ingress
     and the gateway lead only to the http port, so nothing outside the cluster reaches it. */}}
{{- define "sp.managementPort" -}}9090{{- end -}}

{{/* Resource name of one service: <fullname>-<service>. Argument: dict root, name. */}}
{{- define "sp.serviceName" -}}
{{- printf "%s-%s" (include "sp.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "sp.chartLabel" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels of everything the chart creates. */}}
{{- define "sp.labels" -}}
helm.sh/chart: {{ include "sp.chartLabel" . }}
app.kubernetes.io/name: {{ include "sp.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: storage-platform
{{- end -}}

{{/* Selector labels of one service's pods. Argument: dict root, name. */}}
{{- define "sp.selectorLabels" -}}
app.kubernetes.io/name: {{ include "sp.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* All labels of one service's resources. Argument: dict root, name. */}}
{{- define "sp.serviceLabels" -}}
{{ include "sp.labels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* The image of one service: every tag comes from image.tag (default: the chart's appVersion). */}}
{{- define "sp.image" -}}
{{- $image := .root.Values.image -}}
{{- $tag := $image.tag | default .root.Chart.AppVersion -}}
{{- if $image.registry -}}
{{- printf "%s/%s/%s:%s" $image.registry $image.repository .name $tag -}}
{{- else -}}
{{- printf "%s/%s:%s" $image.repository .name $tag -}}
{{- end -}}
{{- end -}}

{{/*
The settings of one service: serviceDefaults deep-merged with services.<name>. Written out because sprig's
merge and mergeOverwrite treat `false` and 0 as missing, so a service could not switch off what the
defaults switch on. Argument: dict root, name. Returns YAML; use with fromYaml.
*/}}
{{- define "sp.settings" -}}
{{- $own := index .root.Values.services .name | default dict -}}
{{- include "sp.deepMerge" (dict "base" .root.Values.serviceDefaults "over" $own) -}}
{{- end -}}

{{- define "sp.deepMerge" -}}
{{- $out := deepCopy .base -}}
{{- range $key, $value := .over -}}
{{- $current := get $out $key -}}
{{- if and (kindIs "map" $value) (kindIs "map" $current) -}}
{{- $_ := set $out $key (include "sp.deepMerge" (dict "base" $current "over" $value) | fromYaml) -}}
{{- else -}}
{{- $_ := set $out $key $value -}}
{{- end -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{/* The most gateway replicas there may be: the autoscaler's maximum, or the fixed count without one. */}}
{{- define "sp.gatewayMaxReplicas" -}}
{{- $settings := include "sp.settings" (dict "root" . "name" "gateway") | fromYaml -}}
{{- if $settings.autoscaling.enabled -}}
{{- $settings.autoscaling.maxReplicas -}}
{{- else -}}
{{- $settings.replicas -}}
{{- end -}}
{{- end -}}

{{/* ---- Secrets: the chart makes a Secret only from values; otherwise it refers to existingSecret. ---- */}}

{{- define "sp.callerTokenSecret" -}}
{{- .Values.secrets.callerToken.existingSecret | default (printf "%s-caller-token" (include "sp.fullname" .)) -}}
{{- end -}}

{{- define "sp.serviceTokenSecret" -}}
{{- .Values.secrets.serviceToken.existingSecret | default (printf "%s-service-token" (include "sp.fullname" .)) -}}
{{- end -}}

{{- define "sp.adminTokenSecret" -}}
{{- .Values.secrets.adminToken.existingSecret | default (printf "%s-admin-token" (include "sp.fullname" .)) -}}
{{- end -}}

{{- define "sp.webhooksSecret" -}}
{{- .Values.secrets.webhooksSecretKey.existingSecret | default (printf "%s-webhooks-secret-key" (include "sp.fullname" .)) -}}
{{- end -}}

{{- define "sp.redisSecret" -}}
{{- .Values.redis.existingSecret | default (printf "%s-redis" (include "sp.fullname" .)) -}}
{{- end -}}

{{- define "sp.keycloakSecret" -}}
{{- .Values.keycloak.existingSecret | default (printf "%s-keycloak" (include "sp.fullname" .)) -}}
{{- end -}}

{{- define "sp.keycloakAdminSecret" -}}
{{- .Values.keycloak.admin.existingSecret | default (printf "%s-keycloak-admin" (include "sp.fullname" .)) -}}
{{- end -}}

{{/* The payment providers' Secrets (billing-service, ADR 0026); a provider is set up when it has one. */}}
{{- define "sp.stripeSecret" -}}
{{- .Values.providers.stripe.existingSecret | default (printf "%s-stripe" (include "sp.fullname" .)) -}}
{{- end -}}

{{- define "sp.gocardlessSecret" -}}
{{- .Values.providers.gocardless.existingSecret | default (printf "%s-gocardless" (include "sp.fullname" .)) -}}
{{- end -}}

{{/* Stripe Identity's Secret (compliance-service's ID checks); the ID checks are set up when it has one. */}}
{{- define "sp.identityStripeSecret" -}}
{{- .Values.identity.stripe.existingSecret | default (printf "%s-identity-stripe" (include "sp.fullname" .)) -}}
{{- end -}}

{{/* Where the customer's ID-check link leads: the value, or the first ingress host (the gateway's public address). */}}
{{- define "sp.identityLinkBaseUrl" -}}
{{- .Values.identity.linkBaseUrl | default (printf "https://%s" (first .Values.ingress.hosts)) -}}
{{- end -}}

{{- define "sp.appCookieSecret" -}}
{{- .Values.secrets.appCookieKey.existingSecret | default (printf "%s-app-cookie-key" (include "sp.fullname" .)) -}}
{{- end -}}

{{/* The message providers' Secrets (crm-service); SMTP's and Twilio's are used only with the provider set up. */}}
{{- define "sp.smtpSecret" -}}
{{- .Values.messages.smtp.existingSecret | default (printf "%s-smtp" (include "sp.fullname" .)) -}}
{{- end -}}

{{- define "sp.twilioSecret" -}}
{{- .Values.messages.twilio.existingSecret | default (printf "%s-twilio" (include "sp.fullname" .)) -}}
{{- end -}}

{{- define "sp.messageReportsSecret" -}}
{{- .Values.messages.reports.existingSecret | default (printf "%s-message-reports" (include "sp.fullname" .)) -}}
{{- end -}}

{{/*
Refuses a message provider set up by halves, which crm-service would take as not set up at all: SMTP needs `host`
and `from`; Twilio its SID, auth token, sender and status callback URL.
*/}}
{{- define "sp.checkMessageProviders" -}}
{{- with .Values.messages.smtp -}}
{{- if .host -}}
{{- $_ := required "messages.smtp.from is required with messages.smtp.host: crm-service does not send email without a sender" .from -}}
{{- else if or .from .username .password .existingSecret -}}
{{- fail "messages.smtp.host is required with the other messages.smtp settings: without it email is not set up" -}}
{{- end -}}
{{- end -}}
{{- with .Values.messages.twilio -}}
{{- if or .accountSid .authToken .existingSecret .from .statusCallbackUrl -}}
{{- $_ := required "messages.twilio.accountSid is required with the other messages.twilio settings" .accountSid -}}
{{- if not (or .authToken .existingSecret) -}}
{{- fail "messages.twilio.authToken or messages.twilio.existingSecret is required with messages.twilio.accountSid" -}}
{{- end -}}
{{- $_ := required "messages.twilio.from is required with messages.twilio.accountSid: the sending number or a Messaging Service SID" .from -}}
{{- $_ := required "messages.twilio.statusCallbackUrl is required with messages.twilio.accountSid: without it SMS delivery reports cannot be verified" .statusCallbackUrl -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "sp.crmIntegrationsSealingSecret" -}}
{{- .Values.secrets.crmIntegrationsSealingKey.existingSecret | default (printf "%s-crm-integrations-sealing-key" (include "sp.fullname" .)) -}}
{{- end -}}

{{- define "sp.complianceAccessSealingSecret" -}}
{{- .Values.secrets.complianceAccessSealingKey.existingSecret | default (printf "%s-compliance-access-sealing-key" (include "sp.fullname" .)) -}}
{{- end -}}

{{/* The `Keycloak` resource of operator mode. */}}
{{- define "sp.keycloakName" -}}
{{- .Values.keycloak.operator.name | default (printf "%s-keycloak" (include "sp.fullname" .)) -}}
{{- end -}}

{{/* Keycloak's public URL: the value, or the operator's hostname over https. */}}
{{- define "sp.keycloakUrl" -}}
{{- if eq .Values.keycloak.mode "operator" -}}
{{- printf "https://%s" (required "keycloak.operator.hostname is required with keycloak.mode operator" .Values.keycloak.operator.hostname) -}}
{{- else -}}
{{- required "keycloak.url is required" .Values.keycloak.url -}}
{{- end -}}
{{- end -}}

{{/* Where the auth service calls Keycloak: the value, the operator's in-cluster service (plain HTTP), or none. */}}
{{- define "sp.keycloakInternalUrl" -}}
{{- if .Values.keycloak.internalUrl -}}
{{- .Values.keycloak.internalUrl -}}
{{- else if eq .Values.keycloak.mode "operator" -}}
{{- printf "http://%s-service.%s.svc:8080" (include "sp.keycloakName" .) .Release.Namespace -}}
{{- end -}}
{{- end -}}

{{/* The developer settings' public URL: the value, or /app on the first ingress host. */}}
{{- define "sp.appUrl" -}}
{{- .Values.app.url | default (printf "https://%s/app" (first .Values.ingress.hosts)) -}}
{{- end -}}

{{/* The public API as the settings call it: the value, or the gateway inside the cluster. */}}
{{- define "sp.appApiUrl" -}}
{{- .Values.app.apiUrl | default (printf "http://%s.%s.svc:%s" (include "sp.serviceName" (dict "root" . "name" "gateway")) .Release.Namespace (include "sp.httpPort" .)) -}}
{{- end -}}

{{/* The database login of one service. Argument: dict root, name, settings. */}}
{{- define "sp.databaseSecret" -}}
{{- $db := .settings.database | default dict -}}
{{- if $db.existingSecret -}}
{{- $db.existingSecret -}}
{{- else -}}
{{- printf "%s-db" (include "sp.serviceName" .) -}}
{{- end -}}
{{- end -}}

{{/* The Secret with key sasl.jaas.config for one service: Strimzi's KafkaUser secret, or the shared one. */}}
{{- define "sp.kafkaSaslSecret" -}}
{{- if .root.Values.kafka.strimzi.enabled -}}
{{- include "sp.serviceName" . -}}
{{- else -}}
{{- .root.Values.kafka.sasl.existingSecret | default (printf "%s-kafka" (include "sp.fullname" .root)) -}}
{{- end -}}
{{- end -}}

{{/* ---- Data services: existing clusters or the ones the operators create. ---- */}}

{{- define "sp.postgresClusterName" -}}
{{- .Values.postgresql.cloudnativepg.name | default (printf "%s-postgresql" (include "sp.fullname" .)) -}}
{{- end -}}

{{- define "sp.kafkaClusterName" -}}
{{- .Values.kafka.strimzi.name | default (printf "%s-kafka" (include "sp.fullname" .)) -}}
{{- end -}}

{{/* host, port, sslMode and CA secret of the database, whichever mode. Returns YAML. */}}
{{- define "sp.database" -}}
{{- $pg := .Values.postgresql -}}
{{- if $pg.cloudnativepg.enabled -}}
{{- $cluster := include "sp.postgresClusterName" . -}}
host: {{ printf "%s-rw.%s.svc" $cluster .Release.Namespace }}
port: 5432
sslMode: verify-full
caSecret: {name: {{ printf "%s-ca" $cluster }}, key: ca.crt}
{{- else -}}
host: {{ $pg.external.host }}
port: {{ $pg.external.port }}
sslMode: {{ $pg.external.sslMode }}
caSecret: {{ toJson $pg.external.caSecret }}
{{- end -}}
{{- end -}}

{{/* bootstrap servers, protocol, SASL mechanism and CA secret of Kafka, whichever mode. Returns YAML. */}}
{{- define "sp.kafka" -}}
{{- $kafka := .Values.kafka -}}
{{- if $kafka.strimzi.enabled -}}
{{- $strimzi := $kafka.strimzi -}}
{{- $cluster := include "sp.kafkaClusterName" . -}}
{{- $sasl := eq $strimzi.authentication "scram-sha-512" -}}
bootstrapServers: {{ printf "%s-kafka-bootstrap.%s.svc:%s" $cluster .Release.Namespace (ternary "9093" "9092" $strimzi.tls) }}
securityProtocol: {{ printf "%s%s" (ternary "SASL_" "" $sasl) (ternary "SSL" "PLAINTEXT" $strimzi.tls) }}
saslMechanism: {{ ternary "SCRAM-SHA-512" "" $sasl | quote }}
caSecret: {{ if $strimzi.tls }}{name: {{ printf "%s-cluster-ca-cert" $cluster }}, key: ca.crt}{{ else }}{name: "", key: ca.crt}{{ end }}
{{- else -}}
bootstrapServers: {{ $kafka.bootstrapServers }}
securityProtocol: {{ $kafka.securityProtocol }}
saslMechanism: {{ ternary $kafka.sasl.mechanism "" (hasPrefix "SASL_" $kafka.securityProtocol) | quote }}
caSecret: {{ if hasSuffix "SSL" $kafka.securityProtocol }}{{ toJson $kafka.tls.caSecret }}{{ else }}{name: "", key: ca.crt}{{ end }}
{{- end -}}
{{- end -}}

{{/* Ports of the bootstrap servers, for the NetworkPolicy egress rule. Returns a YAML list. */}}
{{- define "sp.kafkaPorts" -}}
{{- $kafka := include "sp.kafka" . | fromYaml -}}
{{- $ports := list -}}
{{- range splitList "," $kafka.bootstrapServers -}}
{{- $ports = append $ports (regexFind "[0-9]+$" (trim .) | default "9092" | int) -}}
{{- end -}}
{{- toYaml (uniq $ports) -}}
{{- end -}}

{{/* Where the database's CA and Kafka's CA are mounted in the containers. */}}
{{- define "sp.databaseCaPath" -}}/etc/platform/database-ca/ca.crt{{- end -}}
{{- define "sp.kafkaCaPath" -}}/etc/platform/kafka-ca/ca.crt{{- end -}}

{{/*
A size in bytes, from nginx's form (50m, 512k, 1g, a bare number of bytes) or Spring's (50MB, 512KB, 1GB, 100B).
*/}}
{{- define "sp.sizeInBytes" -}}
{{- $size := toString . -}}
{{- $number := regexFind "^[0-9]+" $size -}}
{{- $unit := upper (trimPrefix $number $size) -}}
{{- $factors := dict "" 1 "B" 1 "K" 1024 "KB" 1024 "M" 1048576 "MB" 1048576 "G" 1073741824 "GB" 1073741824 -}}
{{- mul (int64 $number) (get $factors $unit) -}}
{{- end -}}
