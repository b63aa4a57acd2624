#!/bin/bash
# MaxText launch for job 1 "dense-70b" of project "Three training jobs sharing one Ironwood pod" (written by podplanner export)
#
# Mesh: dp 1 x fsdp 256 x tp 8 x pp 1 x ep 1 x cp 1 = 2048 chips = 1 slice x 2048 chips of Google TPU Ironwood (TPU7x), Cloud TPU topology 8x16x16
#   ICI, within a slice: data 1 x fsdp 256 x tensor 16 x stage 1 x expert 1 x context 1 = 4096 = devices per slice (2 a chip)
#   DCN, between slices: data 1 x fsdp 1 x tensor 1 x stage 1 x expert 1 x context 1 = 1 = num_slices
#   batch: 1024 sequences of 8192 tokens = int(4096 x per_device_batch_size 0.25) x gradient_accumulation_steps 1
#
# What MaxText cannot express (kept here, and in the podplanner-job line for import):
#   - mapping fsdp: y(16) z(16) | tp: x(8) (the project's): MaxText lays each ICI mesh axis on the torus itself (jax mesh_utils.create_device_mesh), so the torus axes are not a flag
#   - sequence_parallel true: MaxText shards activations by its logical_axis_rules, not by a flag
# podplanner-job: {"name":"dense-70b","parallelism":{"sequence_parallel":true,"mapping":{"tp":["x"],"fsdp":["y","z"]}},"training":{"total_tokens":15000000000000},"placement":{"pod":0,"shape":"8x16x16","cubes":"auto","twisted":false},"reliability":{"checkpoint":{"persistent_write_s":120,"storage_gbyte_s":0,"in_memory":true,"in_memory_write_s":5,"interval_min":"auto"},"restart_s":600,"hot_spare_cubes":2,"elastic":false,"preflight":{"coverage":0,"duration_h":0},"sdc":{"rate_per_chip_hour":"cluster","detection":"checksums","overhead":0,"detection_latency_h":1},"maintenance":[],"stragglers":{"probability_per_chip_step":0.0,"slowdown":1}}}
TPU_TOPOLOGY=8x16x16
MAXTEXT_ARGS=(
  run_name=dense-70b
  model_name=llama3-70b
  max_target_length=8192
  dtype=bfloat16
  ici_data_parallelism=1
  ici_fsdp_parallelism=256
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
  per_device_batch_size=0.25
  gradient_accumulation_steps=1
  shard_optimizer_over_data=false
  remat_policy=minimal_with_context
  steps=1788140
)
if [ -n "${XPK_CLUSTER}" ]; then
  xpk workload create --cluster "${XPK_CLUSTER}" --workload dense-70b --tpu-type=tpu7x-4096 --num-slices=1 \
    --command "python3 -m maxtext.trainers.pre_train.train src/maxtext/configs/base.yml ${MAXTEXT_ARGS[*]}"
else
  python3 -m maxtext.trainers.pre_train.train src/maxtext/configs/base.yml "${MAXTEXT_ARGS[@]}"
fi
