#!/bin/bash
# MaxText launch for job 2 "moe-experiment" of project "Three training jobs sharing one Ironwood pod" (written by podplanner export)
#
# Mesh: dp 1 x fsdp 128 x tp 1 x pp 1 x ep 8 x cp 1 = 1024 chips = 1 slice x 1024 chips of Google TPU Ironwood (TPU7x), Cloud TPU topology 8x8x16
#   ICI, within a slice: data 1 x fsdp 256 x tensor 1 x stage 1 x expert 8 x context 1 = 2048 = devices per slice (2 a chip)
#   DCN, between slices: data 1 x fsdp 1 x tensor 1 x stage 1 x expert 1 x context 1 = 1 = num_slices
#   batch: 1024 sequences of 4096 tokens = int(2048 x per_device_batch_size 0.5) x gradient_accumulation_steps 1
#
# What MaxText cannot express (kept here, and in the podplanner-job line for import):
#   - mapping fsdp: x(4) y(4) z(8) | ep: x(2) y(2) z(2) (the engine's fastest): MaxText lays each ICI mesh axis on the torus itself (jax mesh_utils.create_device_mesh), so the torus axes are not a flag
#   - sequence_parallel true: MaxText shards activations by its logical_axis_rules, not by a flag
# podplanner-job: {"name":"moe-experiment","parallelism":{"sequence_parallel":true,"mapping":{}},"training":{"total_tokens":1000000000000},"placement":{"pod":0,"shape":"8x8x16","cubes":"auto","twisted":false},"reliability":{"checkpoint":{"persistent_write_s":60,"storage_gbyte_s":0,"in_memory":false,"in_memory_write_s":5,"interval_min":30},"restart_s":300,"hot_spare_cubes":0,"elastic":false,"preflight":{"coverage":0,"duration_h":0},"sdc":{"rate_per_chip_hour":"cluster","detection":"checksums","overhead":0,"detection_latency_h":1},"maintenance":[],"stragglers":{"probability_per_chip_step":0.0,"slowdown":1}}}
TPU_TOPOLOGY=8x8x16
MAXTEXT_ARGS=(
  run_name=moe-experiment
  model_name=mixtral-8x7b
  max_target_length=4096
  dtype=bfloat16
  ici_data_parallelism=1
  ici_fsdp_parallelism=256
  ici_tensor_parallelism=1
  ici_pipeline_parallelism=1
  ici_expert_parallelism=8
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
  remat_policy=full
  sparse_matmul=true
  steps=238419
)
if [ -n "${XPK_CLUSTER}" ]; then
  xpk workload create --cluster "${XPK_CLUSTER}" --workload moe-experiment --tpu-type=tpu7x-2048 --num-slices=1 \
    --command "python3 -m maxtext.trainers.pre_train.train src/maxtext/configs/base.yml ${MAXTEXT_ARGS[*]}"
else
  python3 -m maxtext.trainers.pre_train.train src/maxtext/configs/base.yml "${MAXTEXT_ARGS[@]}"
fi
