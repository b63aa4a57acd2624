#!/bin/bash
# MaxText launch for job 3 "small-8b-ablation" of project "Three training jobs sharing one Ironwood pod" (written by podplanner export)
#
# Mesh: dp 1 x fsdp 32 x tp 4 x pp 1 x ep 1 x cp 1 = 128 chips = 1 slice x 128 chips of Google TPU Ironwood (TPU7x), Cloud TPU topology 4x4x8
#   ICI, within a slice: data 1 x fsdp 32 x tensor 8 x stage 1 x expert 1 x context 1 = 256 = devices per slice (2 a chip)
#   DCN, between slices: data 1 x fsdp 1 x tensor 1 x stage 1 x expert 1 x context 1 = 1 = num_slices
#   batch: 128 sequences of 8192 tokens = int(256 x per_device_batch_size 0.5) x gradient_accumulation_steps 1
#
# What MaxText cannot express (kept here, and in the podplanner-job line for import):
#   - mapping fsdp: y(4) z(8) | tp: x(4) (the engine's fastest): MaxText lays each ICI mesh axis on the torus itself (jax mesh_utils.create_device_mesh), so the torus axes are not a flag
#   - sequence_parallel true: MaxText shards activations by its logical_axis_rules, not by a flag
# podplanner-job: {"name":"small-8b-ablation","parallelism":{"sequence_parallel":true,"mapping":{}},"training":{"total_tokens":100000000000},"placement":{"pod":0,"shape":"4x4x8","cubes":[140,141],"twisted":false},"reliability":{"checkpoint":{"persistent_write_s":20,"storage_gbyte_s":0,"in_memory":false,"in_memory_write_s":5,"interval_min":60},"restart_s":300,"hot_spare_cubes":0,"elastic":false,"preflight":{"coverage":0,"duration_h":0},"sdc":{"rate_per_chip_hour":"cluster","detection":"checksums","overhead":0,"detection_latency_h":1},"maintenance":[],"stragglers":{"probability_per_chip_step":0.0,"slowdown":1}}}
TPU_TOPOLOGY=4x4x8
MAXTEXT_ARGS=(
  run_name=small-8b-ablation
  model_name=llama3-8b
  max_target_length=8192
  dtype=bfloat16
  quantization=fp8
  ici_data_parallelism=1
  ici_fsdp_parallelism=32
  ici_tensor_parallelism=8
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
  remat_policy=custom
  context=device
  query_proj=device
  key_proj=device
  value_proj=device
  out_proj=device
  mlpwi_0=device
  mlpwi_1=device
  mlpwo=device
  steps=95368
)
if [ -n "${XPK_CLUSTER}" ]; then
  xpk workload create --cluster "${XPK_CLUSTER}" --workload small-8b-ablation --tpu-type=tpu7x-256 --num-slices=1 \
    --command "python3 -m maxtext.trainers.pre_train.train src/maxtext/configs/base.yml ${MAXTEXT_ARGS[*]}"
else
  python3 -m maxtext.trainers.pre_train.train src/maxtext/configs/base.yml "${MAXTEXT_ARGS[@]}"
fi
