import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names, dropping falsy ones, and lets a later Tailwind class win
 * over an earlier one of the same kind (a caller's `rounded-xl` replaces a
 * component's `rounded-2xl` instead of both landing in the class list).
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
