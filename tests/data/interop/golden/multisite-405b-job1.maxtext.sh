#!/bin/bash
# MaxText launch for job 1 "dense-405b" of project "Llama-3-405B-class job on 98,304 Ironwood chips in two sites" (written by podplanner export)
#
# Mesh: dp 12 x fsdp 512 x tp 16 x pp 1 x ep 1 x cp 1 = 98304 chips = 12 slices x 8192 chips of Google TPU Ironwood (TPU7x), Cloud TPU topology 16x16x32
#   ICI, within a slice: data 1 x fsdp 512 x tensor 32 x stage 1 x expert 1 x context 1 = 16384 = devices per slice (2 a chip)
#   DCN, between slices: data 12 x fsdp 1 x tensor 1 x stage 1 x expert 1 x context 1 = 12 = num_slices
#   batch: 6144 sequences of 8192 tokens = int(196608 x per_device_batch_size 0.03125) x gradient_accumulation_steps 1
#
# What MaxText cannot express (kept here, and in the podplanner-job line for import):
#   - mapping dp: dcn(6) wan(2) | fsdp: y(16) z(32) | tp: x(16) (the project's): MaxText lays each ICI mesh axis on the torus itself (jax mesh_utils.create_device_mesh), so the torus axes are not a flag
#   - sequence_parallel true: MaxText shards activations by its logical_axis_rules, not by a flag
# podplanner-job: {"name":"dense-405b","parallelism":{"sequence_parallel":true,"mapping":{"tp":["x"],"fsdp":["y","z"],"dp":["dcn","wan"]}},"training":{"total_tokens":15600000000000},"placement":{"pods":[0,1,2,3,4,5,6,7,8,9,10,11],"shape":"16x16x32","cubes":"auto","twisted":false},"reliability":{"checkpoint":{"persistent_write_s":300,"storage_gbyte_s":0,"in_memory":true,"in_memory_write_s":5,"interval_min":"auto"},"restart_s":60,"hot_spare_cubes":0,"elastic":true,"preflight":{"coverage":0,"duration_h":0},"sdc":{"rate_per_chip_hour":"cluster","detection":"checksums","overhead":0,"detection_latency_h":1},"maintenance":[],"stragglers":{"probability_per_chip_step":0.0,"slowdown":1}}}
TPU_TOPOLOGY=16x16x32
MAXTEXT_ARGS=(
  run_name=dense-405b
  model_name=llama3.1-405b
  max_target_length=8192
  dtype=bfloat16
  ici_data_parallelism=1
  ici_fsdp_parallelism=512
  ici_tensor_parallelism=32
  ici_pipeline_parallelism=1
  ici_expert_parallelism=1
  ici_context_parallelism=1
  dcn_data_parallelism=12
  dcn_fsdp_parallelism=1
  dcn_tensor_parallelism=1
  dcn_pipeline_parallelism=1
  dcn_expert_parallelism=1
  dcn_context_parallelism=1
  num_slices=12
  per_device_batch_size=0.03125
  gradient_accumulation_steps=1
  shard_optimizer_over_data=false
  remat_policy=minimal_with_context
  steps=309945
)
if [ -n "${XPK_CLUSTER}" ]; then
  xpk workload create --cluster "${XPK_CLUSTER}" --workload dense-405b --tpu-type=tpu7x-16384 --num-slices=12 \
    --command "python3 -m maxtext.trainers.pre_train.train src/maxtext/configs/base.yml ${MAXTEXT_ARGS[*]}"
else
  python3 -m maxtext.trainers.pre_train.train src/maxtext/configs/base.yml "${MAXTEXT_ARGS[@]}"
fi
