#!/bin/bash
# MaxText launch for job 1 "gpt3-175b" of project "GPT-3 175B on 48 cubes of a TPU v4 pod" (written by podplanner export)
#
# Mesh: dp 1 x fsdp 192 x tp 16 x pp 1 x ep 1 x cp 1 = 3072 chips = 1 slice x 3072 chips of Google TPU v4, Cloud TPU topology 16x16x12
#   ICI, within a slice: data 1 x fsdp 192 x tensor 16 x stage 1 x expert 1 x context 1 = 3072 = chips per slice
#   DCN, between slices: data 1 x fsdp 1 x tensor 1 x stage 1 x expert 1 x context 1 = 1 = num_slices
#   batch: 1536 sequences of 2048 tokens = int(3072 x per_device_batch_size 0.5) x gradient_accumulation_steps 1
#
# What MaxText cannot express (kept here, and in the podplanner-job line for import):
#   - mapping fsdp: y(16) z(12) | tp: x(16) (the project's): MaxText lays each ICI mesh axis on the torus itself (jax mesh_utils.create_device_mesh), so the torus axes are not a flag
#   - decoder_block=gpt3 adds MaxText's GPT-3 specifics (learned positions, fused QKV) that PodPlanner does not time
#   - sequence_parallel true: MaxText shards activations by its logical_axis_rules, not by a flag
# podplanner-job: {"name":"gpt3-175b","parallelism":{"sequence_parallel":true,"mapping":{"tp":["x"],"fsdp":["y","z"]}},"training":{"total_tokens":300000000000},"placement":{"pod":0,"shape":"16x16x12","cubes":"auto","twisted":false},"reliability":{"checkpoint":{"persistent_write_s":120,"storage_gbyte_s":0,"in_memory":false,"in_memory_write_s":5,"interval_min":"auto"},"restart_s":600,"hot_spare_cubes":2,"elastic":false,"preflight":{"coverage":0,"duration_h":0},"sdc":{"rate_per_chip_hour":"cluster","detection":"checksums","overhead":0,"detection_latency_h":1},"maintenance":[],"stragglers":{"probability_per_chip_step":0.0,"slowdown":1}}}
TPU_TOPOLOGY=16x16x12
MAXTEXT_ARGS=(
  run_name=gpt3-175b
  decoder_block=gpt3
  base_emb_dim=12288
  base_num_query_heads=96
  base_num_kv_heads=96
  head_dim=128
  base_mlp_dim=49152
  base_num_decoder_layers=96
  mlp_activations=[gelu]
  vocab_size=50257
  max_target_length=2048
  dtype=bfloat16
  ici_data_parallelism=1
  ici_fsdp_parallelism=192
  ici_tensor_parallelism=16
  ici_pipeline_parallelism=1
  ici_expert_parallelism=1
  ici_context_parallelism=1
  dcn_data_parallelism=1
  dcn_fsdp_parallelism=1
  dcn_tensor_parallelism=1
  dcn_pipeline_parallelism=1
  dcn_expert_parallelism=1
  dcn_context_parallelism=1
  num_slices=1
  per_device_batch_size=0.5
  gradient_accumulation_steps=1
  shard_optimizer_over_data=false
  remat_policy=minimal_with_context
  steps=95368
)
if [ -n "${XPK_CLUSTER}" ]; then
  # --tpu-type: v4-6144 would be xpk's default 4x4x192, so the topology form names this slice
  xpk workload create --cluster "${XPK_CLUSTER}" --workload gpt3-175b --tpu-type=v4-16x16x12 --num-slices=1 \
    --command "python3 -m maxtext.trainers.pre_train.train src/maxtext/configs/base.yml ${MAXTEXT_ARGS[*]}"
else
  python3 -m maxtext.trainers.pre_train.train src/maxtext/configs/base.yml "${MAXTEXT_ARGS[@]}"
fi
