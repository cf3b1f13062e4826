/* answer.s - an assembly input: int answer(void) { return 42; } */
	.text
	.globl	answer
	.type	answer, @function
answer:
	movl	$42, %eax
	ret
	.section	.note.GNU-stack,"",@progbits
