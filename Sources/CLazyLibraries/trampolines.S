// One trampoline for each function of lazy_symbols.h (include/lazy_libraries.h says why). x86-64 System V only: on
// another architecture this file is empty, nothing defines these functions, and the linker takes them from the
// libraries themselves, loaded at start as before.
#if defined(__x86_64__) && defined(__ELF__)

    .text

// The trampoline of a function: jump to its address if the table has it; otherwise put its index in %r11 (a scratch
// register that carries no argument) and go through mayun_lazy_bind. Hidden: the executable exports its symbols
// (-rdynamic), and an exported soup_session_new would take the place of the one in libsoup for libsoup itself.
.macro trampoline name, index
    .globl \name
    .hidden \name
    .type \name, @function
    .p2align 4
\name:
    .cfi_startproc
    movq mayun_lazy_addresses+8*\index(%rip), %r11
    testq %r11, %r11
    jz 1f
    jmpq *%r11
1:
    movl $\index, %r11d
    jmp mayun_lazy_bind
    .cfi_endproc
    .size \name, .-\name
.endm

#define LAZY_SYMBOL(library, function) trampoline function, __COUNTER__
#include "lazy_symbols.h"
#undef LAZY_SYMBOL

// First call of a function: keep every register that may carry an argument (six integer ones, %rax with the count
// of vector registers a variadic call uses, %r10, and %xmm0-7), ask mayun_lazy_resolve for the address (which
// loads the library), restore them and jump there, so the function runs as if it had been called directly. The CFI
// lines let unwinders (a crash report, a debugger) walk through it to the caller.
    .p2align 4
    .type mayun_lazy_bind, @function
mayun_lazy_bind:
    .cfi_startproc
    pushq %rbp                  // entry: %rsp is 8 past a 16-byte boundary; now on it
    .cfi_def_cfa_offset 16
    .cfi_offset %rbp, -16
    movq %rsp, %rbp
    .cfi_def_cfa_register %rbp
    pushq %rdi
    pushq %rsi
    pushq %rdx
    pushq %rcx
    pushq %r8
    pushq %r9
    pushq %rax
    pushq %r10                  // eight pushes keep the alignment
    subq $128, %rsp
    movdqu %xmm0, 0(%rsp)
    movdqu %xmm1, 16(%rsp)
    movdqu %xmm2, 32(%rsp)
    movdqu %xmm3, 48(%rsp)
    movdqu %xmm4, 64(%rsp)
    movdqu %xmm5, 80(%rsp)
    movdqu %xmm6, 96(%rsp)
    movdqu %xmm7, 112(%rsp)
    movl %r11d, %edi
    call mayun_lazy_resolve
    movq %rax, %r11
    movdqu 0(%rsp), %xmm0
    movdqu 16(%rsp), %xmm1
    movdqu 32(%rsp), %xmm2
    movdqu 48(%rsp), %xmm3
    movdqu 64(%rsp), %xmm4
    movdqu 80(%rsp), %xmm5
    movdqu 96(%rsp), %xmm6
    movdqu 112(%rsp), %xmm7
    addq $128, %rsp
    popq %r10
    popq %rax
    popq %r9
    popq %r8
    popq %rcx
    popq %rdx
    popq %rsi
    popq %rdi
    popq %rbp
    .cfi_def_cfa %rsp, 8
    jmpq *%r11
    .cfi_endproc
    .size mayun_lazy_bind, .-mayun_lazy_bind

#endif

// No executable stack.
#if defined(__ELF__)
    .section .note.GNU-stack, "", @progbits
#endif
