{{/* The base name of every object: the release name when it already contains the chart name. */}}
{{- define "k8s-ha-bot.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Labels on every object; selectors use "k8s-ha-bot.selector" only (stable across upgrades). */}}
{{- define "k8s-ha-bot.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: k8s-ha-bot
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selector labels of one component: call with (list $ "gateway"). */}}
{{- define "k8s-ha-bot.selector" -}}
app.kubernetes.io/name: {{ (index . 0).Chart.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{/* The bot's image: a repository must be given (there is no public image to default to). */}}
{{- define "k8s-ha-bot.image" -}}
{{- $repo := required "image.repository is required: build and push the image (docs/install.md, \"Build and push the image\") and set --set image.repository=<registry>/k8s-ha-bot" .Values.image.repository -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" $repo .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" $repo (.Values.image.tag | default .Chart.AppVersion) -}}
{{- end -}}
{{- end -}}

{{- define "k8s-ha-bot.secretName" -}}
{{- required "existingSecret is required: create the Secret with the Slack / Teams tokens first (deploy/secrets.example.env lists the keys) and set --set existingSecret=<name>" .Values.existingSecret -}}
{{- end -}}

{{- define "k8s-ha-bot.workerServiceAccount" -}}{{ include "k8s-ha-bot.fullname" . }}{{- end -}}
{{- define "k8s-ha-bot.gatewayServiceAccount" -}}{{ include "k8s-ha-bot.fullname" . }}-gateway{{- end -}}
{{- define "k8s-ha-bot.leaseName" -}}{{ include "k8s-ha-bot.fullname" . }}-maintenance{{- end -}}

{{/* The bundled Redis pods' stable DNS names (Sentinel mode), comma-separated host:port. */}}
{{- define "k8s-ha-bot.sentinels" -}}
{{- $fullname := include "k8s-ha-bot.fullname" . -}}
{{- $out := list -}}
{{- range $i := until (int .Values.redis.sentinel.replicas) -}}
{{- $out = append $out (printf "%s-redis-%d.%s-redis-headless:26379" $fullname $i $fullname) -}}
{{- end -}}
{{- join "," $out -}}
{{- end -}}

{{/* The pod and container security settings every pod of the bot uses (Pod Security "restricted"). */}}
{{- define "k8s-ha-bot.containerSecurityContext" -}}
runAsNonRoot: true
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
capabilities: { drop: [ALL] }
seccompProfile: { type: RuntimeDefault }
{{- end -}}

{{/* The Redis data claim template (one line of JSON). */}}
{{- define "k8s-ha-bot.redisClaim" -}}
{{- $spec := dict "accessModes" (list "ReadWriteOnce") "resources" (dict "requests" (dict "storage" .Values.redis.persistence.size)) -}}
{{- with .Values.redis.persistence.storageClass -}}{{- $_ := set $spec "storageClassName" . -}}{{- end -}}
{{- toJson (dict "metadata" (dict "name" "data") "spec" $spec) -}}
{{- end -}}
