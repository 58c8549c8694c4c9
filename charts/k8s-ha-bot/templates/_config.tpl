{{/* config.yaml: the values' `config` plus the Redis target of redis.mode and the policy file. */}}
{{- define "k8s-ha-bot.configYaml" -}}
{{- $config := deepCopy .Values.config -}}
{{- $fullname := include "k8s-ha-bot.fullname" . -}}
{{- if eq .Values.redis.mode "bundled" -}}
{{- $_ := set $config "redis" (dict "url" (printf "redis://%s-redis:6379" $fullname)) -}}
{{- else if and (eq .Values.redis.mode "external") .Values.redis.external.url -}}
{{- $_ := set $config "redis" (dict "url" .Values.redis.external.url) -}}
{{- end -}}
{{- $_ := set $config "maintenancePolicy" "maintenance-policy.yaml" -}}
{{- toYaml $config -}}
{{- end -}}

{{/* maintenance-policy.yaml: the values' policy with the lock the maintenance Role names. */}}
{{- define "k8s-ha-bot.maintenancePolicyYaml" -}}
{{- $policy := deepCopy .Values.maintenancePolicy -}}
{{- $defaults := get $policy "defaults" | default dict -}}
{{- $_ := set $defaults "lock" (dict "namespace" .Release.Namespace "leaseName" (include "k8s-ha-bot.leaseName" .)) -}}
{{- $_ := set $policy "defaults" $defaults -}}
{{- toYaml $policy -}}
{{- end -}}

{{/* The environment both bot roles get for Redis Sentinel (REDIS_SENTINELS replaces config.yaml's redis). */}}
{{- define "k8s-ha-bot.sentinelEnv" -}}
{{- if eq .Values.redis.mode "sentinel" }}
- { name: REDIS_SENTINELS, value: {{ include "k8s-ha-bot.sentinels" . | quote }} }
- { name: REDIS_SENTINEL_NAME, value: {{ .Values.redis.sentinel.masterName | quote }} }
- name: REDIS_PASSWORD
  valueFrom: { secretKeyRef: { name: {{ include "k8s-ha-bot.secretName" . }}, key: REDIS_PASSWORD, optional: true } }
- name: REDIS_SENTINEL_PASSWORD
  valueFrom: { secretKeyRef: { name: {{ include "k8s-ha-bot.secretName" . }}, key: REDIS_SENTINEL_PASSWORD, optional: true } }
{{- end }}
{{- end -}}
